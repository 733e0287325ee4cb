"""From a workspace's API key to a working client: the key is exchanged for a token, renewed when due, and every
error answer is an ApiError with the API's fields."""

from __future__ import annotations

import httpx
import pytest
from conftest import Workspace

import kws


def test_the_key_is_exchanged_for_a_token_on_first_use(workspace: Workspace) -> None:
    with workspace.client() as client:
        assert client.auth.mints == 0
        assert client.list_roles() == []
        assert client.auth.mints == 1
        token = client.get_token()
        assert token.count(".") == 2 and kws.token_expiry(token) is not None
        client.list_roles()
        assert client.auth.mints == 1, "a valid token is reused"


def test_a_token_due_to_expire_is_renewed_before_the_request(workspace: Workspace) -> None:
    # A margin longer than any token's lifetime: every request finds its token due.
    with workspace.client(refresh_margin=10**9) as client:
        client.list_roles()
        client.list_roles()
        assert client.auth.mints == 2


def test_a_refused_token_is_replaced_once(workspace: Workspace) -> None:
    with workspace.client() as client:
        auth = kws.TokenAuth(token="not-a-token", mint=client.mint_token)
        with httpx.Client(base_url=workspace.url, verify=client.api._verify_ssl, auth=auth) as http:
            answer = http.get(
                f"/v1/workspaces/{workspace.workspace_id}/role", headers={"organizationid": workspace.organization_id}
            )
        assert answer.status_code == 200, answer.text
        assert auth.mints == 1


def test_a_wrong_key_raises_the_apis_401(workspace: Workspace) -> None:
    with (
        kws.Client(
            workspace.url,
            api_key="sk-kws-not-the-key",
            workspace_id=workspace.workspace_id,
            organization_id=workspace.organization_id,
            verify=workspace.ca_bundle,
        ) as client,
        pytest.raises(kws.ApiError) as raised,
    ):
        client.list_roles()
    error = raised.value
    assert (error.status, error.error, error.message) == (401, "Unauthorized", "Invalid or missing API key")
    assert error.request_id, "X-Request-Id when the body has no requestId"
    for field in (error.code, error.param, error.hint, error.doc_url):
        assert field is None or isinstance(field, str)


def test_a_bad_request_names_what_is_wrong(client: kws.Client) -> None:
    with pytest.raises(kws.ApiError) as raised:
        client.search("refunds", limit=0)
    error = raised.value
    assert (error.status, error.message) == (400, "Invalid limit value, must be between 1 and 50")
    assert error.param in (None, "limit")


def test_generated_functions_are_called_with_the_clients_credentials(client: kws.Client) -> None:
    from kws.generated.api.rbac import get_rbac_status

    assert client.organization_id is not None
    status = kws.unwrap(
        get_rbac_status.sync_detailed(client.workspace_id, client=client.api, organizationid=client.organization_id)
    )
    assert status.rbac_status == "INACTIVE"
