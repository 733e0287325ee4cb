#!/usr/bin/env python3
"""Checks an MPNet model.onnx (scripts/export-mpnet-onnx.py) against a forward pass written here in numpy from the
same model.safetensors: Hugging Face tokenizers over the model's own tokenizer.json gives the ids; the numpy pass
follows transformers' MPNetModel (MPNetEmbeddings, MPNetEncoder.compute_position_bias, MPNetLayer) in float64,
with its own relative-position bucketing (T5's, as MPNetEncoder.relative_position_bucket) and position ids from
the ids (create_position_ids_from_input_ids: padding_idx + 1 onwards for tokens); mean pooling over the tokens as
the model's 1_Pooling/config.json says. onnxruntime runs model.onnx on the same ids, batched and right-padded
as the service batches them. Prints the lowest cosine and fails under MIN_COSINE.

Run by scripts/fetch-mpnet-model.sh after the export (needs numpy, onnxruntime, tokenizers).
Usage: mpnet-reference.py SOURCE_DIR(model.safetensors, config.json, tokenizer.json) MODEL.onnx [MAX_TOKENS]
"""
import json
import math
import struct
import sys

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

MIN_COSINE = 0.999

# About 30 texts: queries, identifiers, prose of several lengths, non-ASCII, and long passages cut at the limit.
_PARAGRAPH = (
    "The json module exposes an API familiar to users of the standard library marshal and pickle modules. "
    "json.dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, "
    "indent=None, separators=None, default=None, sort_keys=False, **kw) serializes obj to a JSON formatted str. "
)
TEXTS = [
    "how do I read a file line by line",
    "os.path.join",
    "sort_keys",
    "KeyError when the key is missing",
    "What happens to a generator when it is garbage collected?",
    "PYTHONPATH",
    "--system-site-packages",
    "Why does my thread not stop on Ctrl-C?",
    "Crème brûlée, naïve café: accents are stripped; Σίσυφος; 東京 and emoji 🙂 too.",
    "def __init__(self, *args, **kwargs): super().__init__(*args, **kwargs)",
    "A",
    "",
    "The quick brown fox jumps over the lazy dog.",
    "asyncio.run(main()) creates a new event loop and closes it at the end.",
    "Raises ValueError if the value is not present.",
    "The with statement is used to wrap the execution of a block with methods defined by a context manager.",
    "logging.basicConfig(level=logging.DEBUG, format='%(asctime)s %(message)s')",
    "subprocess.run(['ls', '-l'], capture_output=True, check=True)",
    "Unicode strings are sequences of code points; bytes are sequences of octets.",
    "tempfile.NamedTemporaryFile(delete=False)",
    "what is the difference between a list and a tuple",
    "How can I make a class attribute read-only?",
    "SIGTERM handler",
    "The GIL prevents multiple native threads from executing Python bytecodes at once.",
    _PARAGRAPH,
    _PARAGRAPH * 2,
    _PARAGRAPH * 4,
    _PARAGRAPH * 8,
    " ".join(f"word{i}" for i in range(600)),
    "x" * 150 + " supercalifragilisticexpialidocious antidisestablishmentarianism",
]


def load_safetensors(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    out = {}
    for key, meta in header.items():
        if key == "__metadata__":
            continue
        start, end = meta["data_offsets"]
        dtype = {"F32": np.float32, "I64": np.int64}[meta["dtype"]]
        out[key] = np.frombuffer(data[start:end], dtype=dtype).reshape(meta["shape"])
    return out


def bucket(relative_position, num_buckets=32, max_distance=128):
    # MPNetEncoder.relative_position_bucket, written per element in plain Python.
    ret = 0
    n = -relative_position
    num_buckets //= 2
    if n < 0:
        ret += num_buckets
    n = abs(n)
    max_exact = num_buckets // 2
    if n < max_exact:
        return ret + n
    large = max_exact + int(math.log(n / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact))
    return ret + min(large, num_buckets - 1)


def layer_norm(x, w, b, eps):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w + b


def erf(x):
    # Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7, under float32's resolution): vectorised, where
    # math.erf per element took minutes.
    t = 1.0 / (1.0 + 0.3275911 * np.abs(x))
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return np.sign(x) * (1.0 - poly * np.exp(-x * x))


def gelu(x):
    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))


def numpy_embedding(W, cfg, ids):
    """One text, unpadded: MPNetModel's last_hidden_state, mean-pooled and L2-normalised."""
    f = lambda k: W[k].astype(np.float64)
    H, NH, eps, pad = cfg["hidden_size"], cfg["num_attention_heads"], cfg["layer_norm_eps"], cfg["pad_token_id"]
    ids = np.array(ids)
    mask = (ids != pad).astype(np.int64)
    position_ids = np.cumsum(mask) * mask + pad
    x = f("embeddings.word_embeddings.weight")[ids] + f("embeddings.position_embeddings.weight")[position_ids]
    x = layer_norm(x, f("embeddings.LayerNorm.weight"), f("embeddings.LayerNorm.bias"), eps)
    n = len(ids)
    rel = np.array([[bucket(j - i, cfg["relative_attention_num_buckets"]) for j in range(n)] for i in range(n)])
    bias = f("encoder.relative_attention_bias.weight")[rel].transpose(2, 0, 1)  # [heads, n, n]
    hd = H // NH
    lin = lambda x, p: x @ f(p + ".weight").T + f(p + ".bias")
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}"
        q, k, v = (lin(x, f"{p}.attention.attn.{m}").reshape(n, NH, hd).transpose(1, 0, 2) for m in "qkv")
        s = q @ k.transpose(0, 2, 1) / math.sqrt(hd) + bias
        s = np.exp(s - s.max(-1, keepdims=True))
        c = (s / s.sum(-1, keepdims=True)) @ v
        c = c.transpose(1, 0, 2).reshape(n, H)
        x = layer_norm(lin(c, f"{p}.attention.attn.o") + x, f(f"{p}.attention.LayerNorm.weight"),
                       f(f"{p}.attention.LayerNorm.bias"), eps)
        h = gelu(lin(x, f"{p}.intermediate.dense"))
        x = layer_norm(lin(h, f"{p}.output.dense") + x, f(f"{p}.output.LayerNorm.weight"),
                       f(f"{p}.output.LayerNorm.bias"), eps)
    pooled = x.mean(0)
    return pooled / np.linalg.norm(pooled)


def main(src, onnx_path, max_tokens="384"):
    cfg = json.load(open(f"{src}/config.json"))
    pooling = json.load(open(f"{src}/1_Pooling/config.json"))
    assert pooling["pooling_mode_mean_tokens"] and not pooling["pooling_mode_cls_token"], pooling
    W = load_safetensors(f"{src}/model.safetensors")
    tok = Tokenizer.from_file(f"{src}/tokenizer.json")
    tok.no_padding()
    tok.enable_truncation(max_length=int(max_tokens))
    batch = [tok.encode(t).ids for t in TEXTS]
    options = ort.SessionOptions()
    options.log_severity_level = 3
    session = ort.InferenceSession(onnx_path, options)
    worst = (2.0, "")
    for start in range(0, len(batch), 8):  # right-padded batches of 8 with <pad>, as the service pads
        rows = batch[start:start + 8]
        width = max(map(len, rows))
        ids = np.full((len(rows), width), cfg["pad_token_id"], np.int64)
        mask = np.zeros((len(rows), width), np.int64)
        for r, row in enumerate(rows):
            ids[r, :len(row)] = row
            mask[r, :len(row)] = 1
        hidden = session.run(["last_hidden_state"], {"input_ids": ids, "attention_mask": mask})[0].astype(np.float64)
        for r, row in enumerate(rows):
            got = hidden[r, :len(row)].mean(0)
            got /= np.linalg.norm(got)
            cos = float(got @ numpy_embedding(W, cfg, row))
            text = TEXTS[start + r]
            print(f"cosine {cos:.6f}  tokens {len(row):3d}  {text[:50]!r}")
            worst = min(worst, (cos, text[:50]))
    print(f"lowest cosine {worst[0]:.6f} over {len(TEXTS)} texts ({worst[1]!r})")
    if worst[0] < MIN_COSINE:
        sys.exit(f"model.onnx departs from the numpy reference: cosine {worst[0]:.6f} < {MIN_COSINE}")


if __name__ == "__main__":
    main(*sys.argv[1:])
