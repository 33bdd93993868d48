"""Loads a TorchScript export with Python's torch.jit.load (Debian's
python3-torch, a loader no one here wrote), runs forward(planes) on every
reference sample and compares the outputs with inchzero's own
(docs/export.md). Also checks the archive's metadata.json against the
metadata file written beside the model. Prints the largest absolute
difference per output; exits 1 on any failure.

usage: /usr/bin/python3 export_check_torchscript.py MODEL.pt SAMPLES.json [MIN_SAMPLES] [TOLERANCE]
"""
import json
import os
import sys

import torch


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    model_path, samples_path = sys.argv[1], sys.argv[2]
    minimum = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    tolerance = float(sys.argv[4]) if len(sys.argv) > 4 else 1e-4
    with open(samples_path) as f:
        file = json.load(f)
    samples = file["samples"]
    if file.get("format") != "inchzero-export-samples":
        fail(f"{samples_path}: not a samples file")
    if len(samples) < minimum:
        fail(f"{samples_path}: {len(samples)} samples, at least {minimum} wanted")

    extra = {"metadata.json": ""}
    module = torch.jit.load(model_path, _extra_files=extra)
    metadata = json.loads(extra["metadata.json"])
    beside = os.path.splitext(model_path)[0] + ".json"
    with open(beside) as f:
        if json.load(f) != metadata:
            fail(f"metadata.json inside {model_path} differs from {beside}")
    if metadata["model_format"] != "torchscript" or metadata["game"] != file["game"]:
        fail(f"metadata says {metadata['model_format']} / {metadata['game']}")

    names = ["policy_logits", "wdl"] + (["aux"] if file["aux_outputs"] > 0 else [])
    shape = file["input_shape"]
    worst = {n: 0.0 for n in names}

    def compare(batch):
        planes = torch.tensor([s["planes"] for s in batch], dtype=torch.float32)
        with torch.no_grad():
            out = module(planes.reshape(len(batch), *shape))
        if not isinstance(out, tuple) or len(out) != len(names):
            fail(f"forward returned {type(out).__name__} of {len(out)}, want {len(names)} tensors")
        for name, tensor in zip(names, out):
            want = torch.tensor([s[name] for s in batch], dtype=torch.float32)
            if tuple(tensor.shape) != tuple(want.shape):
                fail(f"{name}: shape {tuple(tensor.shape)}, want {tuple(want.shape)}")
            diff = (tensor - want).abs().max().item()
            worst[name] = max(worst[name], diff if diff == diff else float("inf"))
        return out

    out = compare(samples)  # one batch of every sample ...
    for s in samples[:3]:  # ... and three of one
        compare([s])

    # The comparison itself must see a difference just over the tolerance.
    want = torch.tensor([s["policy_logits"] for s in samples], dtype=torch.float32)
    perturbed = out[0].clone()
    perturbed[-1, -1] += 2 * tolerance
    if not (perturbed - want).abs().max().item() > tolerance:
        fail(f"the comparison missed a {2 * tolerance} change")
    spread = min(max(s["policy_logits"]) - min(s["policy_logits"]) for s in samples)
    wdl_spread = max(
        max(s["wdl"][k] for s in samples) - min(s["wdl"][k] for s in samples) for k in range(3)
    )
    if not (spread > 1e-3 and wdl_spread > 1e-3):
        fail("degenerate reference outputs: a constant network cannot show a wrong export")

    report = ", ".join(f"{n} {worst[n]:.2e}" for n in names)
    print(
        f"torch.jit {torch.__version__}: {file['game']} ({file['rules']}), {len(samples)} "
        f"positions, max |torch.jit - inchzero|: {report} (tolerance {tolerance}; "
        f"a +{2 * tolerance} canary is caught)"
    )
    bad = [n for n in names if not worst[n] <= tolerance]
    if bad:
        fail(f"over the tolerance {tolerance}: {', '.join(bad)}")


if __name__ == "__main__":
    main()
