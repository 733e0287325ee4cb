"""Generates kws.generated from the service's OpenAPI document while the package is built.

The document is, first found: $KWS_OPENAPI_DOCUMENT, openapi.json beside this file (an sdist carries it there),
or the repository's openapi.json two folders up. openapi-python-client (a pinned build requirement) generates the
client into a temporary folder that the wheel includes as kws/generated; a warning from the generator (an operation
it could not read) fails the build, so every operation of the document has its function.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# Templates that replace the generator's own (each says why).
TEMPLATES = Path(__file__).resolve().parent / "templates"

# The generator's settings (https://github.com/openapi-generators/openapi-python-client#configuration).
GENERATOR_CONFIG: dict[str, Any] = {
    # Enums as Literal["semantic", "hybrid", ...]: plain strings at the call site.
    "literal_enums": True,
}


def document_path(root: Path) -> Path:
    candidates = [os.environ.get("KWS_OPENAPI_DOCUMENT"), root / "openapi.json", root.parent.parent / "openapi.json"]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate).resolve()
    raise RuntimeError(
        "kws-client: no OpenAPI document found (set KWS_OPENAPI_DOCUMENT, or build from the repository, "
        "whose openapi.json is two folders up)"
    )


def generate(document: Path, output: Path) -> None:
    """Runs openapi-python-client into `output` (the package folder); raises with its output on any warning."""
    python = sys.executable
    # Formatting by the generator's own dependency ruff, through this interpreter (PATH may not hold it); -P, as
    # the hooks run inside the generated package, whose types.py would otherwise shadow the standard library's.
    ruff = f"{python} -P -m ruff"
    hooks = [] if " " in python else [f"{ruff} check . --fix-only --extend-select=I", f"{ruff} format ."]
    with tempfile.TemporaryDirectory() as work:
        config = Path(work) / "openapi-python-client.json"
        config.write_text(json.dumps({**GENERATOR_CONFIG, "post_hooks": hooks}))
        args = [
            python,
            "-m",
            "openapi_python_client",
            "generate",
            "--path",
            str(document),
            "--output-path",
            str(output),
        ]
        args += ["--meta", "none", "--config", str(config), "--fail-on-warning"]
        args += ["--custom-template-path", str(TEMPLATES)]
        run = subprocess.run(args, check=False, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    if run.returncode != 0 or "Warning(s) encountered" in run.stdout or not (output / "client.py").is_file():
        raise RuntimeError(f"kws-client: openapi-python-client failed on {document}:\n{run.stdout}\n{run.stderr}")
    accept_new_error_codes(output)


# What the generator writes to refuse a value outside the enum it knew (one line, or wrapped by the formatter); for
# error codes, the service's open set.
REFUSE_UNKNOWN = re.compile(
    r'raise TypeError\(\s*f"Unexpected value \{value!r\}\. Expected one of \{ERROR_CODE_VALUES!r\}"\s*\)'
)


def accept_new_error_codes(output: Path) -> None:
    """An error answer whose code is newer than this package still parses (an ApiError with that code): error codes
    are an open set, and a client built before a code was added must not turn its answer into a TypeError."""
    path = output / "models" / "error_code.py"
    text = path.read_text()
    text, patched = REFUSE_UNKNOWN.subn("return cast(ErrorCode, value)  # a code newer than this package", text)
    if patched != 1 or "from typing import Literal\n" not in text:
        raise RuntimeError(f"kws-client: {path} is not the shape this build patches: update hatch_build.py")
    path.write_text(text.replace("from typing import Literal\n", "from typing import Literal, cast\n", 1))


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        document = document_path(root)
        if self.target_name == "sdist":
            if document != root / "openapi.json":
                build_data["force_include"][str(document)] = "openapi.json"
            return
        self._work = tempfile.mkdtemp(prefix="kws-generated-")
        output = Path(self._work) / "generated"
        generate(document, output)
        build_data["force_include"][str(output)] = "kws/generated"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work:
            shutil.rmtree(work, ignore_errors=True)
