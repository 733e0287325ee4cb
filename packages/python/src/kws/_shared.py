"""What the sync and async clients share: argument conversion, answers to results or exceptions, wait rules."""

from __future__ import annotations

import io
import mimetypes
import os
import ssl
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Generic, TypeVar, overload
from uuid import UUID

from ._errors import ApiError, IngestionError, JobFailedError, KwsError, WaitTimeout
from .generated.models.error import Error
from .generated.models.job_state import JobState
from .generated.models.knowledge import Knowledge
from .generated.models.upload_file_metadata import UploadFileMetadata
from .generated.types import UNSET, File, Response, Unset

T = TypeVar("T")
U = TypeVar("U")
V = TypeVar("V")

#: A file to upload: a path, its bytes, or an open binary file.
FileInput = str | os.PathLike[str] | bytes | IO[bytes]
#: A search filter in the API's shape: ``{"type": "eq", "key": "language", "value": "en"}`` or
#: ``{"type": "and", "filters": [...]}``.
Filter = Mapping[str, Any]


def as_uuid(value: str | UUID) -> UUID:
    """An id the API takes as a UUID; a ValueError naming the value otherwise."""
    if isinstance(value, UUID):
        return value
    try:
        return UUID(str(value))
    except ValueError:
        raise ValueError(
            f"{str(value)[:100]!r} is not a UUID: ids of items, roles, spaces, threads and workspaces are UUIDs "
            "(a role's own name goes to customer_role_id, e.g. as_role(...); role.id is its UUID)"
        ) from None


class _Fields:
    """A JSON body as the caller wrote it, in the shape a generated operation's request builder reads."""

    def __init__(self, fields: Mapping[str, Any]) -> None:
        self._fields = dict(fields)

    def to_dict(self) -> dict[str, Any]:
        return self._fields


R = TypeVar("R")


class AsWritten(Generic[R]):
    """A generated operation whose JSON body (a dict) is sent as written, not read through its generated model
    first. The service then names a misspelt or misplaced field in its answer (``filter.val is not a member of a eq
    comparison … did you mean value?``, ``Unknown field: modle``), where the model raised an error about another
    field or dropped the unknown one."""

    def __init__(self, operation: Any) -> None:
        self._operation = operation

    def sync_detailed(self, *args: Any, client: Any, body: Mapping[str, Any], **kwargs: Any) -> Response[Error | R]:
        request = self._operation._get_kwargs(*args, body=_Fields(body), **kwargs)
        answer = client.get_httpx_client().request(**request)
        return self._operation._build_response(client=client, response=answer)  # type: ignore[no-any-return]

    async def asyncio_detailed(
        self, *args: Any, client: Any, body: Mapping[str, Any], **kwargs: Any
    ) -> Response[Error | R]:
        request = self._operation._get_kwargs(*args, body=_Fields(body), **kwargs)
        answer = await client.get_async_httpx_client().request(**request)
        return self._operation._build_response(client=client, response=answer)  # type: ignore[no-any-return]


def compact(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The fields given (None means "not sent")."""
    return {k: v for k, v in fields.items() if v is not None}


def maybe(value: T | None) -> T | Unset:
    return UNSET if value is None else value


@overload
def unwrap_as(response: Response[Any], kind: type[T], /) -> T: ...
@overload
def unwrap_as(response: Response[Any], kind: type[T], other: type[U], /) -> T | U: ...
@overload
def unwrap_as(response: Response[Any], kind: type[T], other: type[U], third: type[V], /) -> T | U | V: ...
def unwrap_as(response: Response[Any], *kinds: type[Any]) -> Any:
    """``unwrap`` for an operation whose 2xx answer has several shapes: its parsed body, which must be one of
    ``kinds`` (``unwrap_as(upload_file.sync_detailed(...), UploadStarted, KnowledgeUpserted)``)."""
    parsed = unwrap(response)
    if not isinstance(parsed, kinds):
        raise KwsError(f"unexpected answer {type(parsed).__name__} (expected {', '.join(k.__name__ for k in kinds)})")
    return parsed


def unwrap(response: Response[Error | T]) -> T:
    """The parsed body of a 2xx answer of any generated ``*_detailed`` function; an ApiError otherwise.

    ``kws.unwrap(list_roles.sync_detailed(...))`` turns the generated functions' ``Response[Error | X]`` into ``X``.
    """
    status = int(response.status_code)
    if status >= 400:
        raise ApiError.from_response(status, response.content, response.headers)
    parsed = response.parsed
    if parsed is None or isinstance(parsed, Error):
        raise KwsError(f"undocumented answer {status}: {response.content[:200]!r}")
    return parsed


def verify_option(verify: bool | str | os.PathLike[str] | ssl.SSLContext) -> bool | ssl.SSLContext:
    """``verify`` as httpx takes it: a CA bundle's path becomes an SSL context trusting it."""
    if isinstance(verify, (bool, ssl.SSLContext)):
        return verify
    path = Path(os.fspath(verify))
    if not path.is_file():
        raise FileNotFoundError(
            f"verify: no CA bundle at {path.resolve()} (a relative path is read from {Path.cwd()}): pass the "
            "service's certificate, which npm start writes to data/tls/cert.pem in its folder, by an absolute path"
        )
    return ssl.create_default_context(cafile=os.fspath(path))


def file_part(file: FileInput, filename: str | None, content_type: str | None) -> File:
    if isinstance(file, (str, os.PathLike)):
        path = Path(file)
        payload: IO[bytes] = open(path, "rb")  # noqa: SIM115 (closed by the caller, after the upload)
        filename = filename or path.name
    elif isinstance(file, bytes):
        payload = io.BytesIO(file)
    else:
        payload = file
        filename = filename or Path(str(getattr(file, "name", ""))).name
    if not filename and not content_type:
        raise ValueError("name the file (filename=, its type is read from it) or give its content_type")
    filename = filename or "upload"
    mime = content_type or mimetypes.guess_type(filename)[0] or "application/octet-stream"
    return File(payload=payload, file_name=filename, mime_type=mime)  # type: ignore[arg-type]


@dataclass
class Deadline:
    """Polling with a timeout: ``interval`` between polls, WaitTimeout naming ``what`` once ``timeout`` passed."""

    timeout: float
    interval: float
    what: str

    def __post_init__(self) -> None:
        self.ends = time.monotonic() + self.timeout

    def next_pause(self) -> float:
        left = self.ends - time.monotonic()
        if left <= 0:
            raise WaitTimeout(
                f"{self.what}: not done within {self.timeout:g} s; the work goes on in the service (wait again, or "
                "give a longer timeout)"
            )
        return min(self.interval, left)


def uploaded_knowledge_id(meta: UploadFileMetadata) -> UUID | None:
    """The item an upload created, once background processing has created it."""
    return None if meta.knowledge is None else meta.knowledge.id


def knowledge_settled(item: Knowledge) -> bool:
    """True when searchable; IngestionError when processing failed; False while it runs."""
    if item.status == "COMPLETED":
        return True
    if item.status == "BACKGROUND_ERROR":
        raise IngestionError(str(item.id), None if isinstance(item.message_error, Unset) else item.message_error)
    return False


def job_settled(job: JobState) -> bool:
    """True when the job COMPLETED; JobFailedError when it ended otherwise; False while it runs."""
    if job.status == "COMPLETED":
        return True
    if job.status == "RUNNING":
        return False
    raise JobFailedError(job.job_id, job.status, None if isinstance(job.error, Unset) else job.error)


def remaining(deadline: Deadline) -> float:
    """What is left of a deadline, as the timeout of the wait it hands over to."""
    return max(deadline.ends - time.monotonic(), 0.001)
