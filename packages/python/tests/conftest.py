"""Fixtures for the tests against a running service.

The service is named by the environment (test/python/sdk.test.ts sets it for ``npm test``):

- ``KWS_URL``: its base URL; ``KWS_CA_BUNDLE``: the CA bundle its certificate is checked against;
- ``KWS_BOOTSTRAP``: the command that creates an organization, a workspace and its API key and prints them as
  JSON (``node bin/kws.js bootstrap --json`` with the service's DATABASE_URL): each test module gets a fresh
  workspace from it, as a new user does from ``npx kws bootstrap --json``.

Without them, the tests that need a service are skipped (the others still run).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import kws


@dataclass(frozen=True)
class Workspace:
    url: str
    ca_bundle: str
    organization_id: str
    workspace_id: str
    api_key: str

    def options(self) -> dict[str, Any]:
        return {
            "api_key": self.api_key,
            "workspace_id": self.workspace_id,
            "organization_id": self.organization_id,
            "verify": self.ca_bundle,
            "poll_interval": 0.2,
        }

    def client(self, **options: Any) -> kws.Client:
        return kws.Client(self.url, **{**self.options(), **options})

    def async_client(self) -> kws.AsyncClient:
        return kws.AsyncClient(self.url, **self.options())


def _service() -> tuple[str, str, list[str]]:
    url, ca, command = (os.environ.get(name) for name in ("KWS_URL", "KWS_CA_BUNDLE", "KWS_BOOTSTRAP"))
    if not (url and ca and command):
        pytest.skip("needs a running service: KWS_URL, KWS_CA_BUNDLE and KWS_BOOTSTRAP (see tests/conftest.py)")
    return url, ca, shlex.split(command)


@pytest.fixture(scope="session")
def bootstrap() -> Callable[[], Workspace]:
    """Creates a workspace with its API key, as ``npx kws bootstrap --json`` does for a new user."""
    url, ca, command = _service()

    def create() -> Workspace:
        out = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True).stdout
        boot = json.loads(out.strip().splitlines()[-1])
        return Workspace(url, ca, boot["organizationId"], boot["workspaceId"], boot["apiKey"])

    return create


@pytest.fixture(scope="module")
def workspace(bootstrap: Callable[[], Workspace]) -> Workspace:
    return bootstrap()


@pytest.fixture(scope="module")
def client(workspace: Workspace) -> Iterator[kws.Client]:
    with workspace.client() as c:
        yield c
