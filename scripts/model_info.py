"""MODEL_INFO.json, as src/embeddings reads it: the one writer for the fetch scripts (stdlib only, so the
system python3 runs it). Dimension, sequence limit and casing come from the model's own sentence-transformers
configs in `out`; `version` is what the service stores beside every vector, so its form never changes."""
import json


def read(out, name):
    with open(f"{out}/{name}", encoding="utf-8") as f:
        return json.load(f)


def pooling_mode(out):
    """'cls' or 'mean', from 1_Pooling/config.json (exactly one of the two must be on)."""
    pooling = read(out, "1_Pooling/config.json")
    modes = [m for m in ("cls_token", "mean_tokens") if pooling.get(f"pooling_mode_{m}")]
    assert len(modes) == 1, pooling
    return {"cls_token": "cls", "mean_tokens": "mean"}[modes[0]]


def write(out, *, name, package, exporter, onnx_sha, source, license, extra=None):
    """Writes out/MODEL_INFO.json; `extra` (e.g. passagePrefix, specialTokens) goes before license and source."""
    info = {
        "name": name,
        "version": f"{package} sha256:{onnx_sha}",
        "package": package,
        "exporter": exporter,
        "onnxSha256": onnx_sha,
        "dimension": read(out, "config.json")["hidden_size"],
        "pooling": pooling_mode(out),
        "maxTokens": read(out, "sentence_bert_config.json")["max_seq_length"],
        "queryPrefix": "",
        "doLowerCase": read(out, "tokenizer_config.json")["do_lower_case"],
        **(extra or {}),
        "license": license,
        "source": source,
    }
    with open(f"{out}/MODEL_INFO.json", "w", encoding="utf-8") as f:
        json.dump(info, f, indent=2)
        f.write("\n")
    return info
