"""The package without a service: every operation has its generated function, the async client mirrors the sync
one, errors carry the API's fields, and tokens are renewed when due."""

from __future__ import annotations

import asyncio
import base64
import importlib
import inspect
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from kws.generated.models.job_state import JobState
from kws.generated.models.knowledge import Knowledge

import kws

PACKAGE = Path(__file__).resolve().parent.parent


def document() -> dict[str, object]:
    path = os.environ.get("KWS_OPENAPI_DOCUMENT") or PACKAGE.parent.parent / "openapi.json"
    if not Path(path).is_file():
        pytest.skip("no OpenAPI document (set KWS_OPENAPI_DOCUMENT)")
    return json.loads(Path(path).read_text())  # type: ignore[no-any-return]


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def test_every_operation_has_a_sync_and_an_async_function() -> None:
    operations = [
        (op["operationId"], (op.get("tags") or ["default"])[0])
        for item in document()["paths"].values()  # type: ignore[attr-defined]
        for method, op in item.items()
        if method in ("get", "post", "put", "patch", "delete")
    ]
    assert len(operations) > 90
    missing = []
    for operation_id, tag in operations:
        try:
            module = importlib.import_module(f"kws.generated.api.{snake(tag).replace(' ', '_')}.{snake(operation_id)}")
        except ModuleNotFoundError:
            missing.append(operation_id)
            continue
        for function in ("sync_detailed", "sync", "asyncio_detailed", "asyncio"):
            assert callable(getattr(module, function)), f"{operation_id}.{function}"
    assert missing == []


def test_the_async_client_is_the_sync_one_awaited() -> None:
    check = subprocess.run(
        [sys.executable, str(PACKAGE / "scripts" / "unasync.py"), "--check"], check=False, capture_output=True
    )
    assert check.returncode == 0, check.stderr.decode()
    public = lambda cls: {n: m for n, m in vars(cls).items() if callable(m) and not n.startswith("_")}
    sync, asynchronous = public(kws.Client), public(kws.AsyncClient)
    assert set(sync) - {"close"} == set(asynchronous) - {"aclose"}
    for name, method in sync.items():
        if name == "close":
            continue
        assert inspect.signature(method).parameters.keys() == inspect.signature(asynchronous[name]).parameters.keys()


def test_an_error_answer_carries_the_fields_the_api_sends() -> None:
    bare = kws.ApiError.from_response(
        404, b'{"error":"Not Found","message":"Knowledge item not found"}', {"X-Request-Id": "req-1"}
    )
    assert (bare.status, bare.error, bare.message) == (404, "Not Found", "Knowledge item not found")
    assert (bare.code, bare.param, bare.hint, bare.doc_url) == (None, None, None, None)
    assert bare.request_id == "req-1"
    helped = kws.ApiError.from_response(
        400,
        json.dumps(
            {
                "error": "Bad Request",
                "message": "Invalid limit value, must be between 1 and 50",
                "code": "invalid_value",
                "param": "limit",
                "hint": "Send a limit from 1 to 50",
                "docUrl": "https://kws.example/docs/errors#invalid_value",
                "requestId": "req-2",
            }
        ).encode(),
        {},
    )
    assert (helped.code, helped.param, helped.request_id) == ("invalid_value", "limit", "req-2")
    assert helped.doc_url == "https://kws.example/docs/errors#invalid_value"
    assert "param=limit" in str(helped) and "hint: Send a limit" in str(helped)
    not_json = kws.ApiError.from_response(502, b"<html>bad gateway</html>", {})
    assert (not_json.error, not_json.message) == ("HTTP 502", "<html>bad gateway</html>")


def jwt(exp: float) -> str:
    part = lambda d: base64.urlsafe_b64encode(json.dumps(d).encode()).decode().rstrip("=")
    return f"{part({'alg': 'HS256'})}.{part({'exp': exp})}.sig"


def test_tokens_are_minted_when_due_and_once_more_after_a_401() -> None:
    issued: list[str] = []

    def mint() -> str:
        issued.append(jwt(time.time() + (30 if len(issued) == 0 else 3600)))
        return issued[-1]

    seen: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers["Authorization"])
        return httpx.Response(401 if len(seen) == 3 else 200, json={})

    auth = kws.TokenAuth(mint=mint, refresh_margin=60)
    with httpx.Client(transport=httpx.MockTransport(answer), auth=auth) as http:
        assert http.get("https://kws.test/a").status_code == 200  # first use: minted (expires in 30 s)
        assert http.get("https://kws.test/b").status_code == 200  # within the margin: minted again
        assert http.get("https://kws.test/c").status_code == 200  # 401: minted again, sent once more
    assert len(issued) == 3
    assert seen == [f"Bearer {issued[0]}", f"Bearer {issued[1]}", f"Bearer {issued[1]}", f"Bearer {issued[2]}"]
    assert kws.token_expiry(issued[2]) == pytest.approx(time.time() + 3600, abs=5)
    fixed = kws.TokenAuth(token="user-space-token")
    with httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(401)), auth=fixed) as http:
        assert http.get("https://kws.test/").status_code == 401  # a fixed token is not renewed


def test_async_tokens_are_minted_when_due() -> None:
    async def main() -> list[str]:
        async def mint() -> str:
            return jwt(time.time() + 3600)

        auth = kws.TokenAuth(mint_async=mint)
        sent: list[str] = []

        def answer(request: httpx.Request) -> httpx.Response:
            sent.append(request.headers["Authorization"])
            return httpx.Response(200, json={})

        async with httpx.AsyncClient(transport=httpx.MockTransport(answer), auth=auth) as http:
            await http.get("https://kws.test/a")
            await http.get("https://kws.test/b")
        assert auth.mints == 1
        return sent

    sent = asyncio.run(main())
    assert len(sent) == 2 and sent[0] == sent[1]


def test_waits_end_on_the_terminal_states() -> None:
    base = {"id": "6f1c2a8e-8a35-4f7e-9a55-0d7b0c3d3c11", "type": "FILE", "content": "", "url": None}
    base |= {"metadata": {"title": "t"}, "attributes": {}, "parentId": None, "externalId": None, "version": 1}
    base |= {"createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"}
    from kws._shared import job_settled, knowledge_settled

    assert knowledge_settled(Knowledge.from_dict({**base, "status": "COMPLETED"}))
    assert not knowledge_settled(Knowledge.from_dict({**base, "status": "BACKGROUND_START"}))
    with pytest.raises(kws.IngestionError, match="unreadable"):
        knowledge_settled(Knowledge.from_dict({**base, "status": "BACKGROUND_ERROR", "messageError": "unreadable"}))
    assert not job_settled(JobState.from_dict({"jobId": "j", "status": "RUNNING"}))
    with pytest.raises(kws.JobFailedError, match="FAILED: taken"):
        job_settled(JobState.from_dict({"jobId": "j", "status": "FAILED", "error": "taken"}))


def test_an_upload_needs_a_name_or_a_type() -> None:
    from kws._shared import file_part

    with pytest.raises(ValueError, match="filename="):
        file_part(b"bytes without a name", None, None)
    assert file_part(b"x", "notes.md", None).mime_type == "text/markdown"
    assert file_part(b"x", None, "application/pdf").mime_type == "application/pdf"


def test_a_wrong_id_or_ca_bundle_is_named_with_what_to_pass_instead(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"'support' is not a UUID: .*customer_role_id"):
        kws.Client("https://127.0.0.1:1", workspace_id="support", api_key="sk-x")
    missing = tmp_path / "tls" / "cert.pem"
    with pytest.raises(FileNotFoundError, match=r"verify: no CA bundle at .*tls/cert\.pem .*data/tls/cert\.pem"):
        kws.Client(
            "https://127.0.0.1:1", workspace_id="00000000-0000-4000-8000-000000000000", api_key="sk-x", verify=missing
        )


def test_an_error_code_newer_than_the_package_still_raises_an_api_error() -> None:
    # The generated Error model parses a code it does not know (the service adds codes; a client built before must
    # still answer an ApiError, not a TypeError from the model).
    from uuid import UUID

    from kws.generated.api.rbac import get_rbac_status
    from kws.generated.client import AuthenticatedClient

    body = {"error": "Bad Request", "message": "Something new", "code": "a_code_from_the_future"}
    transport = httpx.MockTransport(lambda request: httpx.Response(400, json=body))
    client = AuthenticatedClient(base_url="https://kws.example", token="t", raise_on_unexpected_status=False)
    client.set_httpx_client(httpx.Client(base_url="https://kws.example", transport=transport))
    workspace = UUID("00000000-0000-4000-8000-000000000000")
    with pytest.raises(kws.ApiError) as raised:
        kws.unwrap(get_rbac_status.sync_detailed(workspace, client=client, organizationid=workspace))
    assert (raised.value.status, raised.value.code) == (400, "a_code_from_the_future")
