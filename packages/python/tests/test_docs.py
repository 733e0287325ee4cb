"""The Python blocks of the documentation run: each page's blocks, in order, as one script against a fresh
workspace (the environment the Python quickstart exports: KWS_URL, KWS_CA_BUNDLE, KWS_API_KEY, KWS_WORKSPACE_ID,
KWS_ORGANIZATION_ID).

The main tasks' guides are not run here: each of their Python samples stands alone, reads what the README's
quickstart exports (KWS, WS, ORG, KEY, CURL_CA_BUNDLE) and shows its output, and test/docs/examples.test.ts runs
them one by one beside their curl and TypeScript samples (its TASK_GUIDES), checking what each prints."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Workspace

PACKAGE = Path(__file__).resolve().parent.parent
REPOSITORY = PACKAGE.parent.parent
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
RUN_BY_THE_EXAMPLES_TEST = {"docs/guides/uploads.md", "docs/guides/search.md", "docs/guides/roles-and-tokens.md"}


def pages() -> list[Path]:
    found = sorted((REPOSITORY / "docs").rglob("*.md")) + [PACKAGE / "README.md"]
    return [
        page
        for page in found
        if page.is_file()
        and BLOCK.search(page.read_text())
        and page.relative_to(REPOSITORY).as_posix() not in RUN_BY_THE_EXAMPLES_TEST
    ]


def test_the_docs_have_python_samples() -> None:
    names = {page.relative_to(REPOSITORY).as_posix() for page in pages()}
    assert {"docs/guides/python.md", "packages/python/README.md"} <= names


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.relative_to(REPOSITORY).as_posix())
def test_a_pages_python_blocks_run(page: Path, bootstrap: Callable[[], Workspace], tmp_path: Path) -> None:
    script = "\n\n".join(BLOCK.findall(page.read_text()))
    workspace = bootstrap()
    env = {
        **os.environ,
        "KWS_URL": workspace.url,
        "KWS_CA_BUNDLE": workspace.ca_bundle,
        "KWS_API_KEY": workspace.api_key,
        "KWS_WORKSPACE_ID": workspace.workspace_id,
        "KWS_ORGANIZATION_ID": workspace.organization_id,
    }
    (tmp_path / "sample.py").write_text(script)
    run = subprocess.run(
        [sys.executable, "sample.py"], check=False, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, f"{page.name}'s Python blocks failed:\n{run.stdout}\n{run.stderr}"
