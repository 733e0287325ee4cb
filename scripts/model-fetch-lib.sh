# Helpers shared by the model fetch scripts (scripts/fetch-model.sh, scripts/fetch-candidate-models.sh), sourced
# after they set FETCH_LOG_NAME (the tag of their log lines). Defines TOOLS, where models go (.tools unless
# KWS_TOOLS_DIR says otherwise).
# shellcheck shell=bash
TOOLS="${KWS_TOOLS_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools}"
say() { printf '[%s] %s\n' "$FETCH_LOG_NAME" "$*"; }
fail() {
  printf '[%s] FAILED: %s\n' "$FETCH_LOG_NAME" "$*" >&2
  exit 1
}
sha256() { sha256sum "$1" | cut -d' ' -f1; }

# The fields $2... of MODEL_INFO.json in model directory $1, space-separated ("" for a missing one; nothing at all
# when the file is missing or unreadable).
recorded() {
  local dir="$1"
  shift
  python3 -c 'import json,sys; i=json.load(open(sys.argv[1])); print(*(i.get(k,"") for k in sys.argv[2:]))' \
    "$dir/MODEL_INFO.json" "$@" 2>/dev/null || true
}

# A finished model from work dir $1 (its out/) into place at $2 in one step; the work dir goes. $3 names it in the log.
place() {
  rm -rf "$2"
  mkdir -p "$(dirname "$2")"
  mv "$1/out" "$2"
  rm -rf "$1"
  say "$3 ready: $2 ($(du -h "$2/model.onnx" | cut -f1))"
}

# A sentence-transformers model folder's tokenizer and configs from $1 into $2, and its model card (which states the
# model's licence) as LICENSE-model.md.
copy_model_files() {
  mkdir -p "$2/1_Pooling"
  local f
  for f in config.json vocab.txt tokenizer.json tokenizer_config.json special_tokens_map.json sentence_bert_config.json 1_Pooling/config.json; do
    cp "$1/$f" "$2/$f"
  done
  cp "$1/README.md" "$2/LICENSE-model.md"
}
