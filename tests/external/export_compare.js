// Shared by the export checks run with node (tests/export/*.sh): read a
// reference samples file (`inchzero export --samples`, docs/export.md) and
// compare a runtime's outputs with inchzero's own, output by output.
'use strict';
const fs = require('fs');

function readSamples(path, minimum) {
  const file = JSON.parse(fs.readFileSync(path, 'utf8'));
  if (file.format !== 'inchzero-export-samples') throw new Error(`${path}: not a samples file`);
  if (file.samples.length < minimum)
    throw new Error(`${path}: ${file.samples.length} samples, at least ${minimum} wanted`);
  return file;
}

// The planes of every sample as one float32 batch.
function batchOfPlanes(file, samples = file.samples) {
  const size = file.input_shape.reduce((a, b) => a * b, 1);
  const batch = new Float32Array(samples.length * size);
  samples.forEach((s, i) => {
    if (s.planes.length !== size) throw new Error(`sample ${i}: ${s.planes.length} planes values`);
    batch.set(s.planes, i * size); // each value the float32 its shortest decimal names
  });
  return batch;
}

// The largest |runtime - inchzero| over every sample and value of `name`;
// `got` is the runtime's flat output for `samples`.
function maxAbsDiff(samples, name, got) {
  const width = samples[0][name].length;
  if (got.length !== samples.length * width)
    throw new Error(`${name}: ${got.length} values, want ${samples.length} x ${width}`);
  let worst = 0;
  samples.forEach((s, i) => {
    for (let k = 0; k < width; ++k) {
      const d = Math.abs(got[i * width + k] - Math.fround(s[name][k]));
      if (!(d <= worst)) worst = Number.isNaN(d) ? Infinity : d;
    }
  });
  return worst;
}

// Fails unless the reference outputs vary: a network whose outputs are
// constant would let a wrong graph pass unnoticed.
function checkNotDegenerate(samples) {
  const spread = (values) => Math.max(...values) - Math.min(...values);
  const logitSpread = Math.min(...samples.map((s) => spread(s.policy_logits)));
  const winSpread = Math.max(...[0, 1, 2].map((k) => spread(samples.map((s) => s.wdl[k]))));
  if (!(logitSpread > 1e-3) || !(winSpread > 1e-3))
    throw new Error(
      `degenerate reference outputs (smallest policy logit spread ${logitSpread}, ` +
        `largest spread of a wdl probability over the samples ${winSpread}): a constant network cannot show a wrong export`,
    );
  return {logitSpread, winSpread};
}

module.exports = {readSamples, batchOfPlanes, maxAbsDiff, checkNotDegenerate};
