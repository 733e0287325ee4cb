"""Writes src/kws/_async.py from src/kws/_sync.py: the async client is the sync one, awaited.

    python scripts/unasync.py          # rewrite _async.py
    python scripts/unasync.py --check  # exit 1 when _async.py differs (tests/test_surface.py runs this check)

Edit _sync.py and run this; never edit _async.py by hand.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "kws"

# Methods that talk to the service: `async def` in the async client, and awaited where the client calls them.
IO_METHODS = [
    "mint_token", "upload_file", "start_upload", "wait_for_upload", "wait_for_knowledge", "add_text",
    "get_knowledge", "delete_knowledge", "iter_knowledge", "search", "search_titles", "create_role", "list_roles",
    "set_rbac", "assign_roles", "wait_for_job", "iter_jobs", "activate_user_space", "space_rag", "create_thread",
    "post_agent_message", "iter_threads", "agent_rag",
]  # fmt: skip

# Literal replacements, in order (each must occur: a change to _sync.py that drops one fails loudly).
REPLACEMENTS = [
    (
        '"""The synchronous client. _async.py is written from it by scripts/unasync.py."""',
        '"""The asynchronous client, written from _sync.py by scripts/unasync.py: do not edit."""',
    ),
    ("import json\n", "import asyncio\nimport json\n"),
    ("import time\n", ""),
    ("from collections.abc import Iterator,", "from collections.abc import AsyncIterator,"),
    ("class UserSpace:", "class AsyncUserSpace:"),
    ("    client: Client\n", "    client: AsyncClient\n"),
    ("-> UserSpace:", "-> AsyncUserSpace:"),
    ("return UserSpace(", "return AsyncUserSpace("),
    ("class Client:\n", "class AsyncClient:\n"),
    ("The Knowledge Workspace Service, synchronously.", "The Knowledge Workspace Service, asynchronously."),
    ("list[Client]", "list[AsyncClient]"),
    ("child = Client(", "child = AsyncClient("),
    ("user = Client(", "user = AsyncClient("),
    ("    def __enter__(self) -> Self:", "    async def __aenter__(self) -> Self:"),
    (") -> Client:", ") -> AsyncClient:"),
    ("TokenAuth(mint=", "TokenAuth(mint_async="),
    ("    def close(self) -> None:", "    async def aclose(self) -> None:"),
    ("child.close()", "await child.aclose()"),
    ("self.api.get_httpx_client().close()", "await self.api.get_async_httpx_client().aclose()"),
    ("self._keyed_api.get_httpx_client().close()", "await self._keyed_api.get_async_httpx_client().aclose()"),
    ("self._key_client.get_httpx_client().close()", "await self._key_client.get_async_httpx_client().aclose()"),
    ("    def __exit__(self, *exc: object) -> None:\n        self.close()", "    async def __aexit__(self, *exc: object) -> None:\n        await self.aclose()"),
    ("    def get_token(self) -> str:", "    async def get_token(self) -> str:"),
    ("return self.auth.current()", "return await self.auth.current_async()"),
]  # fmt: skip


def unasync(text: str) -> str:
    for old, new in REPLACEMENTS:
        if old not in text:
            raise SystemExit(f"unasync: {old!r} is not in _sync.py: update scripts/unasync.py")
        text = text.replace(old, new)
    text = re.sub(r"(\w+)\.sync_detailed\(", r"await \1.asyncio_detailed(", text)
    text = text.replace("time.sleep(", "await asyncio.sleep(")
    text = re.sub(r"\bIterator\[", "AsyncIterator[", text)
    for name in IO_METHODS:
        if f"    def {name}(" not in text:
            raise SystemExit(f"unasync: no method {name} in _sync.py: update IO_METHODS")
        text = text.replace(f"    def {name}(", f"    async def {name}(")
        text = re.sub(rf"(?<![\w.])self\.{name}\((?!\*\*)", f"await self.{name}(", text)
    return text


def main() -> int:
    expected = unasync((SRC / "_sync.py").read_text())
    target = SRC / "_async.py"
    if "--check" in sys.argv:
        if target.read_text() != expected:
            print(
                "src/kws/_async.py differs from what scripts/unasync.py writes from _sync.py: run it", file=sys.stderr
            )
            return 1
        return 0
    target.write_text(expected)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
