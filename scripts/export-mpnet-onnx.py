#!/usr/bin/env python3
"""model.safetensors of a sentence-transformers MPNet (all-mpnet-base-v2) -> model.onnx, op by op, no PyTorch.

Run by scripts/fetch-mpnet-model.sh in its throw-away virtualenv (onnx + numpy). Writes Hugging Face MPNetModel's
forward pass with `last_hidden_state` as the output; mean pooling and normalisation happen in src/embeddings.
MPNet differs from BERT (scripts/fetch-model.sh) in four places:
  - no token types; position ids start at padding_idx + 1 (2, 3, ... for a right-padded row);
  - one relative position bias, shared by all layers: each (query, key) offset falls in one of 32 buckets
    (T5's: 16 per direction, exact up to 8, logarithmic up to 128), each bucket has a learned value per head,
    added to every layer's attention scores. The bucket of every offset up to the position table's length is
    computed here once (numpy, float32 as torch does) and stored as a constant; the graph slices it to the
    sequence and gathers the per-head values;
  - weight names (attention.attn.q/k/v/o, attention.LayerNorm);
  - LayerNorm epsilon 1e-5.
Usage: export-mpnet-onnx.py MODEL_DIR OUT.onnx
"""
import json
import math
import os
import sys

import numpy as np
from onnx import TensorProto

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from onnx_export import Graph, load_safetensors  # noqa: E402  (scripts/onnx_export.py)


def relative_position_buckets(length, num_buckets, max_distance=128):
    """bucket[i, j] for query position i and key position j: HF MPNetEncoder.relative_position_bucket."""
    position = np.arange(length, dtype=np.int64)
    n = -(position[None, :] - position[:, None])  # -(memory - context)
    half = num_buckets // 2
    ret = (n < 0).astype(np.int64) * half
    n = np.abs(n)
    max_exact = half // 2
    with np.errstate(divide="ignore"):
        large = (
            np.log(n.astype(np.float32) / np.float32(max_exact))
            / np.float32(math.log(max_distance / max_exact))
            * np.float32(half - max_exact)
        )
    large = max_exact + np.where(n < max_exact, 0, large).astype(np.int64)  # .to(long) truncates toward 0
    large = np.minimum(large, half - 1)
    return ret + np.where(n < max_exact, n, large)


def main(src, out_path):
    cfg = json.load(open(f"{src}/config.json"))
    assert cfg["model_type"] == "mpnet" and cfg["hidden_act"] == "gelu", cfg
    H, NH, L, EPS = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_hidden_layers"], cfg["layer_norm_eps"]
    HD = H // NH
    PAD = cfg["pad_token_id"]
    BUCKETS = cfg["relative_attention_num_buckets"]
    MAX_LEN = cfg["max_position_embeddings"] - PAD - 1  # positions PAD+1 ... max_position_embeddings-1

    g = Graph(load_safetensors(f"{src}/model.safetensors", "mpnet."), EPS)
    const, op, weight = g.const, g.op, g.weight

    i64 = lambda *v: np.array(v, np.int64)
    c = {
        "one": const("one", np.array(1.0, np.float32)),
        "half": const("half", np.array(0.5, np.float32)),
        "sqrt2": const("sqrt2", np.array(math.sqrt(2.0), np.float32)),
        "scale": const("attention_scale", np.array(1.0 / math.sqrt(HD), np.float32)),
    }
    mask_value = const("mask_value", np.array(-10000.0, np.float32))
    c["heads_shape"] = const("heads_shape", i64(0, 0, NH, HD))
    c["hidden_shape"] = const("hidden_shape", i64(0, 0, H))

    seq_len = op("Slice", [op("Shape", ["input_ids"]), const("dim1_start", i64(1)), const("dim1_end", i64(2))])

    # Embeddings: word + position (rows PAD+1 ... PAD+seq of the table: a Slice, not Range+Gather), LayerNorm.
    # A padded row's padding gets later rows instead of row PAD: padding is masked as a key and not pooled.
    first = const("first_position", i64(PAD + 1))
    positions = op("Slice", [weight("embeddings.position_embeddings.weight"), first, op("Add", [seq_len, first]),
                             const("axis0", i64(0))])
    x = op("Add", [op("Gather", [weight("embeddings.word_embeddings.weight"), "input_ids"]), positions])
    x = g.layer_norm(x, "embeddings.LayerNorm")

    # The relative position bias [1, heads, seq, seq]: buckets[:seq, :seq] -> per-head values.
    buckets = const("relative_position_buckets", relative_position_buckets(MAX_LEN, BUCKETS))
    zero = const("zero_1d", i64(0))
    seq_buckets = op("Slice", [buckets, op("Concat", [zero, zero], axis=0), op("Concat", [seq_len, seq_len], axis=0),
                               const("axes01", i64(0, 1))])
    bias = op("Gather", [weight("encoder.relative_attention_bias.weight"), seq_buckets])  # [seq, seq, heads]
    bias = op("Unsqueeze", [op("Transpose", [bias], perm=[2, 0, 1]), zero])

    # Additive attention mask [batch, 1, 1, seq]: 0 for tokens, -10000 for padding; added with the bias once.
    mask = op("Unsqueeze", [op("Cast", ["attention_mask"], to=TensorProto.FLOAT), const("mask_axes", i64(1, 2))])
    mask = op("Mul", [op("Sub", [c["one"], mask]), mask_value])
    bias_and_mask = op("Add", [bias, mask])

    for i in range(L):
        p = f"encoder.layer.{i}"
        names = {
            "q": p + ".attention.attn.q", "k": p + ".attention.attn.k", "v": p + ".attention.attn.v",
            "o": p + ".attention.attn.o", "attention_norm": p + ".attention.LayerNorm",
            "intermediate": p + ".intermediate.dense", "output": p + ".output.dense", "output_norm": p + ".output.LayerNorm",
        }
        x = g.encoder_layer(x, names, bias_and_mask, c)
    g.save("mpnet_encoder", ("input_ids", "attention_mask"), H, "kws-fetch-mpnet-model", out_path)
    print(f"layers={L} hidden={H} heads={NH} buckets={BUCKETS} maxLen={MAX_LEN} nodes={len(g.nodes)} initializers={len(g.inits)}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
