// Runs an ONNX export in onnxruntime (npm onnxruntime-node, a runtime no one
// here wrote) on every reference sample and compares its outputs with
// inchzero's own (docs/export.md). Prints the largest absolute difference
// per output; exits 1 when one exceeds the tolerance, when there are fewer
// samples than wanted, or when the tensors are not the documented ones.
//   usage: node export_check_onnxruntime.js MODEL.onnx SAMPLES.json [MIN_SAMPLES] [TOLERANCE]
'use strict';
const ort = require('onnxruntime-node');
const {readSamples, batchOfPlanes, maxAbsDiff, checkNotDegenerate} = require('./export_compare');

async function main() {
  const [modelPath, samplesPath, minArg, tolArg] = process.argv.slice(2);
  if (!samplesPath) throw new Error('usage: export_check_onnxruntime.js MODEL.onnx SAMPLES.json');
  const minimum = Number(minArg || 100);
  const tolerance = Number(tolArg || 1e-4);
  const file = readSamples(samplesPath, minimum);
  const spreads = checkNotDegenerate(file.samples);
  const session = await ort.InferenceSession.create(modelPath, {intraOpNumThreads: 1});
  const outputs = ['policy_logits', 'wdl'].concat(file.aux_outputs > 0 ? ['aux'] : []);
  if (JSON.stringify(session.inputNames) !== '["planes"]')
    throw new Error(`inputs ${JSON.stringify(session.inputNames)}, want ["planes"]`);
  if (JSON.stringify(session.outputNames) !== JSON.stringify(outputs))
    throw new Error(`outputs ${JSON.stringify(session.outputNames)}, want ${JSON.stringify(outputs)}`);

  // Two batch sizes through the one dynamic batch dimension: all samples at
  // once, and the first three one by one.
  const run = async (samples) => {
    const planes = new ort.Tensor('float32', batchOfPlanes(file, samples), [
      samples.length,
      ...file.input_shape,
    ]);
    return session.run({planes});
  };
  const worst = {};
  const all = await run(file.samples);
  for (const name of outputs) worst[name] = maxAbsDiff(file.samples, name, all[name].data);
  for (const s of file.samples.slice(0, 3)) {
    const one = await run([s]);
    for (const name of outputs)
      worst[name] = Math.max(worst[name], maxAbsDiff([s], name, one[name].data));
  }

  // The comparison itself must see a difference just over the tolerance.
  const perturbed = Float32Array.from(all.policy_logits.data);
  perturbed[perturbed.length - 1] += 2 * tolerance;
  const canary = maxAbsDiff(file.samples, 'policy_logits', perturbed);
  if (!(canary > tolerance)) throw new Error(`the comparison missed a ${2 * tolerance} change`);

  const report = outputs.map((n) => `${n} ${worst[n].toExponential(2)}`).join(', ');
  console.log(
    `onnxruntime ${require('onnxruntime-node/package.json').version}: ${file.game} ` +
      `(${file.rules}), ${file.samples.length} positions, max |onnxruntime - inchzero|: ${report} ` +
      `(tolerance ${tolerance}; smallest logit spread ${spreads.logitSpread.toFixed(3)}, ` +
      `wdl spread ${spreads.winSpread.toFixed(3)}; a +${2 * tolerance} canary is caught)`,
  );
  const bad = outputs.filter((n) => !(worst[n] <= tolerance));
  if (bad.length) throw new Error(`over the tolerance ${tolerance}: ${bad.join(', ')}`);
}

main().catch((e) => {
  console.error(`FAIL: ${e.message}`);
  process.exit(1);
});
