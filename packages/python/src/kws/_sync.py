"""The synchronous client. _async.py is written from it by scripts/unasync.py."""

from __future__ import annotations

import json
import os
import ssl
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Self
from uuid import UUID

import httpx

from ._auth import TokenAuth
from ._errors import WaitTimeout
from ._shared import (
    AsWritten,
    Deadline,
    FileInput,
    Filter,
    as_uuid,
    compact,
    file_part,
    job_settled,
    knowledge_settled,
    maybe,
    remaining,
    unwrap,
    unwrap_as,
    uploaded_knowledge_id,
    verify_option,
)
from .generated.api.agent import agent_rag, create_agent_thread, list_agent_threads, post_agent_message
from .generated.api.jobs import get_background_jobs, list_background_jobs
from .generated.api.knowledge import (
    create_text_source,
    delete_knowledge,
    get_knowledge,
    get_upload_file_metadata,
    list_knowledge,
    upload_file,
)
from .generated.api.rbac import (
    assign_knowledge_roles,
    create_role,
    get_role,
    list_knowledge_roles,
    list_roles,
    set_rbac_status,
)
from .generated.api.search import search_knowledge, search_knowledge_by_title_v1
from .generated.api.spaces import space_rag
from .generated.api.tokens import generate_access_token
from .generated.api.user_spaces import activate_user_space
from .generated.client import AuthenticatedClient
from .generated.models.agent_rag_response_200 import AgentRagResponse200
from .generated.models.assign_knowledge_roles_body import AssignKnowledgeRolesBody
from .generated.models.create_agent_thread_body import CreateAgentThreadBody
from .generated.models.create_agent_thread_response_201 import CreateAgentThreadResponse201
from .generated.models.create_role_body import CreateRoleBody
from .generated.models.create_text_source_body import CreateTextSourceBody
from .generated.models.generate_access_token_body import GenerateAccessTokenBody
from .generated.models.get_background_jobs_body import GetBackgroundJobsBody
from .generated.models.job_state import JobState
from .generated.models.job_summary import JobSummary
from .generated.models.knowledge import Knowledge
from .generated.models.knowledge_role import KnowledgeRole
from .generated.models.knowledge_upserted import KnowledgeUpserted
from .generated.models.list_agent_threads_response_200_threads_item import ListAgentThreadsResponse200ThreadsItem
from .generated.models.list_background_jobs_kind import ListBackgroundJobsKind
from .generated.models.post_agent_message_response_200 import PostAgentMessageResponse200
from .generated.models.post_agent_message_response_201 import PostAgentMessageResponse201
from .generated.models.rbac_status import RbacStatus
from .generated.models.role import Role
from .generated.models.search_knowledge_by_title_v1_response_200 import SearchKnowledgeByTitleV1Response200
from .generated.models.search_knowledge_response_200 import SearchKnowledgeResponse200
from .generated.models.semantic_search_result import SemanticSearchResult
from .generated.models.set_rbac_status_body import SetRbacStatusBody
from .generated.models.source_created import SourceCreated
from .generated.models.space_rag_response_200 import SpaceRagResponse200
from .generated.models.title_search_result import TitleSearchResult
from .generated.models.upload_file_body import UploadFileBody
from .generated.models.upload_started import UploadStarted

# Operations whose body is sent as the caller wrote it (AsWritten): the filter and the message fields the service
# checks and names, rather than the generated models.
search_knowledge_as_written: AsWritten[SearchKnowledgeResponse200] = AsWritten(search_knowledge)
search_knowledge_by_title_v1_as_written: AsWritten[SearchKnowledgeByTitleV1Response200] = AsWritten(
    search_knowledge_by_title_v1
)
space_rag_as_written: AsWritten[SpaceRagResponse200] = AsWritten(space_rag)
post_agent_message_as_written: AsWritten[PostAgentMessageResponse200 | PostAgentMessageResponse201] = AsWritten(
    post_agent_message
)
agent_rag_as_written: AsWritten[AgentRagResponse200] = AsWritten(agent_rag)

SearchMode = Literal["semantic", "hybrid", "keyword"]


@dataclass(frozen=True)
class UserSpace:
    """An activated user space: its id, and a client that holds the user space token."""

    client: Client
    space_id: UUID
    user_id: str
    is_new: bool


class Client:
    """The Knowledge Workspace Service, synchronously.

    Give the workspace API key (``api_key``): the client exchanges it for an access token on first use and mints a
    new one shortly before it expires (``refresh_margin`` seconds). Role-bound and subject-bound tokens come from
    ``as_role``. Or give a ``token`` minted elsewhere (it is then used as it is).

    ``verify`` is True (the system's CAs), False, an ``ssl.SSLContext`` or the path of a CA bundle (a service on
    its self-signed certificate: ``data/tls/cert.pem``).

    Every operation of the API is a generated function under ``kws.generated.api``; call it with ``client.api``
    and turn its answer into a result or an ApiError with ``kws.unwrap``.
    """

    def __init__(
        self,
        base_url: str,
        *,
        workspace_id: str | UUID,
        organization_id: str | UUID | None = None,
        api_key: str | None = None,
        token: str | None = None,
        customer_role_id: str | None = None,
        role_id: str | UUID | None = None,
        subject: str | None = None,
        verify: bool | str | os.PathLike[str] | ssl.SSLContext = True,
        timeout: float = 60.0,
        refresh_margin: float = 60.0,
        poll_interval: float = 0.5,
    ) -> None:
        if api_key is None and token is None:
            raise ValueError("give api_key (the workspace API key) or token (an access or user space token)")
        self.base_url = base_url.rstrip("/")
        self.workspace_id = as_uuid(workspace_id)
        self.organization_id = None if organization_id is None else as_uuid(organization_id)
        self.poll_interval = poll_interval
        self._api_key = api_key
        self._verify = verify_option(verify)
        self._timeout = timeout
        self._role: dict[str, Any] = {"customer_role_id": customer_role_id, "role_id": role_id, "subject": subject}
        self._key_client: AuthenticatedClient | None = None
        self.auth = (
            TokenAuth(token=token)
            if token is not None
            else TokenAuth(mint=lambda: self.mint_token(**self._role), refresh_margin=refresh_margin)
        )
        self.api = self._generated(self.auth, token="")
        # Semantic search asks for the API key beside the token (the spec lists both): sent there only.
        self._keyed_api = self.api if api_key is None else self._generated(self.auth, token="", key=api_key)
        self._children: list[Client] = []

    def _generated(
        self, auth: httpx.Auth | None, *, token: str, header: str = "Authorization", key: str | None = None
    ) -> AuthenticatedClient:
        return AuthenticatedClient(
            base_url=self.base_url,
            token=token,
            auth_header_name=header,
            prefix="" if header != "Authorization" else "Bearer",
            headers={} if key is None else {"x-api-key": key},
            verify_ssl=self._verify,
            timeout=httpx.Timeout(self._timeout),
            raise_on_unexpected_status=False,
            httpx_args={"auth": auth} if auth else {},
        )

    # ---- the client's lifetime

    def close(self) -> None:
        for child in self._children:
            child.close()
        self.api.get_httpx_client().close()
        self._keyed_api.get_httpx_client().close()
        if self._key_client is not None:
            self._key_client.get_httpx_client().close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _org(self) -> UUID:
        if self.organization_id is None:
            raise ValueError("this call needs organization_id (the organizationid header)")
        return self.organization_id

    # ---- tokens

    def get_token(self) -> str:
        """The access token the next request sends (minted or renewed first when due)."""
        return self.auth.current()

    def mint_token(
        self,
        *,
        customer_role_id: str | None = None,
        role_id: str | UUID | None = None,
        subject: str | None = None,
    ) -> str:
        """Exchanges the API key for an access token (role-bound with a role, one end user's with a subject)."""
        if self._api_key is None:
            raise ValueError("minting a token needs api_key")
        if self._key_client is None:
            self._key_client = self._generated(None, token=self._api_key, header="x-api-key")
        body = GenerateAccessTokenBody.from_dict(
            compact(
                {
                    "customerRoleId": customer_role_id,
                    "roleId": None if role_id is None else str(as_uuid(role_id)),
                    "subject": subject,
                }
            )
        )
        return unwrap(generate_access_token.sync_detailed(self.workspace_id, client=self._key_client, body=body)).token

    def as_role(
        self,
        customer_role_id: str | None = None,
        *,
        role_id: str | UUID | None = None,
        subject: str | None = None,
    ) -> Client:
        """A client for the same workspace whose tokens are bound to a role (and to one end user with ``subject``).

        Under ACTIVE RBAC it sees only the knowledge assigned to that role. Closed with this client.
        """
        if self._api_key is None:
            raise ValueError("as_role needs api_key")
        child = Client(
            self.base_url,
            workspace_id=self.workspace_id,
            organization_id=self.organization_id,
            api_key=self._api_key,
            customer_role_id=customer_role_id,
            role_id=role_id,
            subject=subject,
            verify=self._verify,
            timeout=self._timeout,
            refresh_margin=self.auth.refresh_margin,
            poll_interval=self.poll_interval,
        )
        self._children.append(child)
        return child

    # ---- knowledge: upload and wait

    def upload_file(
        self,
        file: FileInput,
        *,
        filename: str | None = None,
        content_type: str | None = None,
        title: str | None = None,
        description: str | None = None,
        language: str | None = None,
        attributes: Mapping[str, str | int | float | bool] | None = None,
        external_id: str | None = None,
        timeout: float = 300.0,
    ) -> Knowledge:
        """Uploads a file and returns its item once it is searchable (status COMPLETED).

        The upload runs in the background (status=BACKGROUND_START); the wait follows the upload tracking rule:
        upload-file-metadata until the item exists, then the item until COMPLETED. IngestionError when processing
        fails (BACKGROUND_ERROR), WaitTimeout after ``timeout`` seconds.
        """
        started = self.start_upload(
            file,
            filename=filename,
            content_type=content_type,
            title=title,
            description=description,
            language=language,
            attributes=attributes,
            external_id=external_id,
        )
        if isinstance(started, UploadStarted):
            return self.wait_for_upload(started.upload_file_metadata_id, timeout=timeout)
        return self.wait_for_knowledge(started.knowledge_id, timeout=timeout)

    def start_upload(
        self,
        file: FileInput,
        *,
        filename: str | None = None,
        content_type: str | None = None,
        title: str | None = None,
        description: str | None = None,
        language: str | None = None,
        attributes: Mapping[str, str | int | float | bool] | None = None,
        external_id: str | None = None,
    ) -> UploadStarted | KnowledgeUpserted:
        """Starts a background upload: UploadStarted (track it with wait_for_upload), or KnowledgeUpserted when
        ``external_id`` names an item that exists (a new version of it: wait_for_knowledge)."""
        part = file_part(file, filename, content_type)
        opened = isinstance(file, (str, os.PathLike))
        body = UploadFileBody(
            file=part,
            title=maybe(title),
            description=maybe(description),
            language=maybe(language),
            status="BACKGROUND_START",
            attributes=maybe(None if attributes is None else json.dumps(dict(attributes))),
            external_id=maybe(external_id),
        )
        try:
            return unwrap_as(
                upload_file.sync_detailed(self.workspace_id, client=self.api, body=body, organizationid=self._org()),
                UploadStarted,
                KnowledgeUpserted,
            )
        finally:
            if opened:
                part.payload.close()

    def wait_for_upload(self, upload_file_metadata_id: str | UUID, *, timeout: float = 300.0) -> Knowledge:
        """Polls upload-file-metadata until the upload's item exists, then the item until it is searchable."""
        deadline = Deadline(timeout, self.poll_interval, f"upload {upload_file_metadata_id}")
        upload_id = as_uuid(upload_file_metadata_id)
        while True:
            meta = unwrap(
                get_upload_file_metadata.sync_detailed(
                    self.workspace_id, upload_id, client=self.api, organizationid=self._org()
                )
            )
            knowledge_id = uploaded_knowledge_id(meta)
            if knowledge_id is not None:
                try:
                    return self.wait_for_knowledge(knowledge_id, timeout=remaining(deadline))
                except WaitTimeout:
                    # Said of the whole wait, not of the part of it that was left for the item.
                    raise WaitTimeout(
                        f"upload {upload_file_metadata_id}: its item {knowledge_id} was not searchable within "
                        f"{timeout:g} s; processing goes on in the service (wait_for_knowledge waits for it again)"
                    ) from None
            time.sleep(deadline.next_pause())

    def wait_for_knowledge(self, knowledge_id: str | UUID, *, timeout: float = 300.0) -> Knowledge:
        """Polls get-knowledge until the item is COMPLETED (returned) or BACKGROUND_ERROR (IngestionError)."""
        deadline = Deadline(timeout, self.poll_interval, f"knowledge {knowledge_id}")
        while True:
            item = self.get_knowledge(knowledge_id)
            if knowledge_settled(item):
                return item
            time.sleep(deadline.next_pause())

    def add_text(
        self,
        title: str,
        content: str,
        *,
        language: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        attributes: Mapping[str, str | int | float | bool] | None = None,
        external_id: str | None = None,
        timeout: float = 300.0,
    ) -> Knowledge:
        """Creates a text item (or a new version of the item ``external_id`` names) and waits until searchable."""
        body = CreateTextSourceBody.from_dict(
            compact(
                {
                    "title": title,
                    "content": content,
                    "language": language,
                    "metadata": None if metadata is None else dict(metadata),
                    "attributes": None if attributes is None else dict(attributes),
                    "externalId": external_id,
                }
            )
        )
        answer = unwrap_as(
            create_text_source.sync_detailed(self.workspace_id, client=self.api, body=body, organizationid=self._org()),
            SourceCreated,
            KnowledgeUpserted,
        )
        return self.wait_for_knowledge(answer.knowledge_id, timeout=timeout)

    def get_knowledge(self, knowledge_id: str | UUID) -> Knowledge:
        return unwrap(
            get_knowledge.sync_detailed(
                self.workspace_id, as_uuid(knowledge_id), client=self.api, organizationid=self._org()
            )
        )

    def delete_knowledge(self, knowledge_id: str | UUID) -> None:
        unwrap(
            delete_knowledge.sync_detailed(
                self.workspace_id, as_uuid(knowledge_id), client=self.api, organizationid=self._org()
            )
        )

    def iter_knowledge(self, *, filter: Filter | None = None, page_size: int = 100) -> Iterator[Knowledge]:
        """Every item the credential sees, newest first, fetched ``page_size`` at a time."""
        page = 1
        while True:
            answer = unwrap(
                list_knowledge.sync_detailed(
                    self.workspace_id,
                    client=self.api,
                    page=page,
                    limit=page_size,
                    filter_=maybe(None if filter is None else json.dumps(dict(filter))),
                    organizationid=self._org(),
                )
            )
            for item in answer.knowledge:
                yield item
            if len(answer.knowledge) < page_size or page * page_size >= answer.total:
                return
            page += 1

    # ---- search

    def search(
        self,
        query: str,
        *,
        mode: SearchMode | None = None,
        limit: int | None = None,
        filter: Filter | None = None,
        role_ids: Sequence[str | UUID] | None = None,
        audience_id: str | UUID | None = None,
        score_threshold: float | None = None,
        hybrid_weight: float | None = None,
        rerank: bool | None = None,
        rerank_candidates: int | None = None,
        explain: bool | None = None,
        feedback: bool | None = None,
    ) -> list[SemanticSearchResult]:
        """Knowledge search (``mode`` semantic, the default; hybrid; keyword), best first.

        ``feedback=False`` turns off hybrid mode's pseudo-relevance feedback for prose queries (docs/guides/search.md).
        """
        body = compact(
            {
                "query": query,
                "mode": mode,
                "limit": limit,
                "filter": None if filter is None else dict(filter),
                "roleIds": None if role_ids is None else [str(as_uuid(r)) for r in role_ids],
                "audienceId": None if audience_id is None else str(as_uuid(audience_id)),
                "scoreThreshold": score_threshold,
                "hybridWeight": hybrid_weight,
                "rerank": rerank,
                "rerankCandidates": rerank_candidates,
                "explain": explain,
                "feedback": feedback,
            }
        )
        answer = unwrap(
            search_knowledge_as_written.sync_detailed(
                self.workspace_id, client=self._keyed_api, body=body, organizationid=maybe(self.organization_id)
            )
        )
        return answer.results

    def search_titles(
        self,
        title: str,
        *,
        limit: int | None = None,
        filter: Filter | None = None,
        role_ids: Sequence[str | UUID] | None = None,
        audience_id: str | UUID | None = None,
    ) -> list[TitleSearchResult]:
        """Title search: case-insensitive partial match, newest first."""
        body = compact(
            {
                "title": title,
                "limit": limit,
                "filter": None if filter is None else dict(filter),
                "roleIds": None if role_ids is None else [str(as_uuid(r)) for r in role_ids],
                "audienceId": None if audience_id is None else str(as_uuid(audience_id)),
            }
        )
        answer = unwrap(
            search_knowledge_by_title_v1_as_written.sync_detailed(
                self.workspace_id, client=self.api, body=body, organizationid=self._org()
            )
        )
        return answer.results

    # ---- roles, RBAC and background jobs

    def create_role(
        self,
        name: str,
        *,
        customer_role_id: str | None = None,
        description: str | None = None,
        timeout: float = 120.0,
    ) -> Role:
        """Creates a role through its workflow and returns it once the workflow has COMPLETED."""
        body = CreateRoleBody.from_dict(
            compact({"name": name, "customerRoleId": customer_role_id, "description": description})
        )
        started = unwrap(
            create_role.sync_detailed(self.workspace_id, client=self.api, body=body, organizationid=self._org())
        )
        self.wait_for_job(started.workflow_id, timeout=timeout)
        return unwrap(
            get_role.sync_detailed(self.workspace_id, started.role_id, client=self.api, organizationid=self._org())
        )

    def list_roles(self) -> list[Role]:
        return unwrap(list_roles.sync_detailed(self.workspace_id, client=self.api, organizationid=self._org())).roles

    def set_rbac(self, enabled: bool) -> RbacStatus:
        """Turns RBAC on (ACTIVE: role-bound tokens see only their role's knowledge) or off."""
        body = SetRbacStatusBody(rbac_enabled=enabled)
        return unwrap(
            set_rbac_status.sync_detailed(self.workspace_id, client=self.api, body=body, organizationid=self._org())
        )

    def assign_roles(
        self, knowledge_id: str | UUID, role_ids: Sequence[str | UUID], *, timeout: float = 120.0
    ) -> list[KnowledgeRole]:
        """Assigns roles to an item (RBAC must be ACTIVE), waits for the assignment job, returns the item's roles."""
        body = AssignKnowledgeRolesBody(role_ids=[as_uuid(r) for r in role_ids])
        started = unwrap(
            assign_knowledge_roles.sync_detailed(
                self.workspace_id, as_uuid(knowledge_id), client=self.api, body=body, organizationid=self._org()
            )
        )
        self.wait_for_job(started.workflow_id, timeout=timeout)
        return unwrap(
            list_knowledge_roles.sync_detailed(
                self.workspace_id, as_uuid(knowledge_id), client=self.api, organizationid=self._org()
            )
        )

    def wait_for_job(self, job_id: str, *, timeout: float = 120.0) -> JobState:
        """Polls background-jobs until the job COMPLETED (returned) or ended otherwise (JobFailedError)."""
        deadline = Deadline(timeout, self.poll_interval, f"job {job_id}")
        body = GetBackgroundJobsBody(job_ids=[job_id])
        while True:
            answer = unwrap(
                get_background_jobs.sync_detailed(
                    self.workspace_id, client=self.api, body=body, organizationid=self._org()
                )
            )
            job = answer.jobs[0]
            if job_settled(job):
                return job
            time.sleep(deadline.next_pause())

    def iter_jobs(self, *, kind: ListBackgroundJobsKind | None = None, page_size: int = 50) -> Iterator[JobSummary]:
        """The workspace's recent jobs (running first, then the most recently closed), page after page."""
        cursor: str | None = None
        while True:
            answer = unwrap(
                list_background_jobs.sync_detailed(
                    self.workspace_id,
                    client=self.api,
                    kind=maybe(kind),
                    limit=page_size,
                    cursor=maybe(cursor),
                    organizationid=self._org(),
                )
            )
            for job in answer.jobs:
                yield job
            if not isinstance(answer.next_cursor, str):
                return
            cursor = answer.next_cursor

    # ---- user spaces and RAG

    def activate_user_space(
        self,
        customer_id_string: str | None = None,
        *,
        user_id: str | UUID | None = None,
        customer_role_id: str | None = None,
        role_id: str | UUID | None = None,
    ) -> UserSpace:
        """Activates (or retrieves) one user's space; the returned client holds their user space token."""
        body = compact(
            {
                "workspaceId": str(self.workspace_id),
                "customerIdString": customer_id_string,
                "userId": None if user_id is None else str(as_uuid(user_id)),
                "customerRoleId": customer_role_id,
                "roleId": None if role_id is None else str(as_uuid(role_id)),
            }
        )
        answer = unwrap(
            activate_user_space.sync_detailed(self.workspace_id, client=self.api, body=body, organizationid=self._org())
        )
        user = Client(
            self.base_url,
            workspace_id=self.workspace_id,
            organization_id=self.organization_id,
            token=answer.token,
            verify=self._verify,
            timeout=self._timeout,
            poll_interval=self.poll_interval,
        )
        self._children.append(user)
        return UserSpace(client=user, space_id=answer.space_id, user_id=answer.user_id, is_new=answer.is_new)

    def space_rag(
        self,
        space_id: str | UUID,
        text: str,
        *,
        top_k: int | None = None,
        language_id: str | None = None,
        filter: Filter | None = None,
    ) -> SpaceRagResponse200:
        """Passages that ground an answer: the workspace's knowledge (role-scoped) and the space's own."""
        body = compact(
            {
                "text": text,
                "topK": top_k,
                "languageId": language_id,
                "filter": None if filter is None else dict(filter),
            }
        )
        return unwrap(
            space_rag_as_written.sync_detailed(
                self.workspace_id,
                as_uuid(space_id),
                client=self.api,
                body=body,
                organizationid=maybe(self.organization_id),
            )
        )

    # ---- the Agent API

    def create_thread(self, title: str, *, agent_server_id: str | UUID | None = None) -> CreateAgentThreadResponse201:
        body = CreateAgentThreadBody.from_dict(
            compact({"title": title, "agentServerId": None if agent_server_id is None else str(agent_server_id)})
        )
        return unwrap(
            create_agent_thread.sync_detailed(self.workspace_id, client=self.api, body=body, organizationid=self._org())
        )

    def post_agent_message(
        self,
        thread_id: str | UUID,
        *,
        role: Literal["user", "assistant", "system", "tool"],
        content: str | None = None,
        message_id: str | UUID | None = None,
        **fields: Any,
    ) -> PostAgentMessageResponse200 | PostAgentMessageResponse201:
        """Stores a message in a thread (``message_id`` defaults to a new UUID; other fields in the API's names,
        e.g. ``sources=[...]``, ``model="..."``). Posting the same id again answers the stored message."""
        message = uuid.uuid4() if message_id is None else as_uuid(message_id)
        body = compact({"id": str(message), "role": role, "content": content, **fields})
        return unwrap_as(
            post_agent_message_as_written.sync_detailed(
                self.workspace_id, as_uuid(thread_id), client=self.api, body=body, organizationid=self._org()
            ),
            PostAgentMessageResponse201,
            PostAgentMessageResponse200,
        )

    def iter_threads(self, *, page_size: int = 50) -> Iterator[ListAgentThreadsResponse200ThreadsItem]:
        """The agent threads the credential reaches, page after page."""
        page = 1
        while True:
            answer = unwrap(
                list_agent_threads.sync_detailed(
                    self.workspace_id, client=self.api, page=page, limit=page_size, organizationid=self._org()
                )
            )
            for thread in answer.threads:
                yield thread
            if len(answer.threads) < page_size:
                return
            page += 1

    def agent_rag(self, text: str, *, top_k: int | None = None, filter: Filter | None = None) -> AgentRagResponse200:
        """Role-scoped passages for an agent's answer."""
        body = compact({"text": text, "topK": top_k, "filter": None if filter is None else dict(filter)})
        return unwrap(
            agent_rag_as_written.sync_detailed(
                self.workspace_id, client=self.api, body=body, organizationid=self._org()
            )
        )
