"""The exceptions the wrapper raises: every error answer of the API is an ApiError carrying its fields."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


class KwsError(Exception):
    """Base of the exceptions this package raises for the service's answers and for waits (an unreachable service
    is httpx's TransportError; a malformed id a ValueError)."""


class ApiError(KwsError):
    """An error answer (status 4xx or 5xx).

    ``error`` and ``message`` are the API's fixed fields. The help fields (``code``, ``param``, ``hint``,
    ``doc_url``, ``request_id``) are filled when the service sends them and are None otherwise.
    """

    def __init__(
        self,
        status: int,
        error: str,
        message: str,
        *,
        code: str | None = None,
        param: str | None = None,
        hint: str | None = None,
        doc_url: str | None = None,
        request_id: str | None = None,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.status = status
        self.error = error
        self.message = message
        self.code = code
        self.param = param
        self.hint = hint
        self.doc_url = doc_url
        self.request_id = request_id
        self.body = body
        self.headers: Mapping[str, str] = dict(headers or {})
        super().__init__(str(self))

    def __str__(self) -> str:
        text = f"{self.status} {self.error}: {self.message}"
        details = [f"{name}={value}" for name, value in (("code", self.code), ("param", self.param)) if value]
        if details:
            text += f" ({', '.join(details)})"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        if self.doc_url:
            text += f"\n  see: {self.doc_url}"
        return text

    @classmethod
    def from_response(cls, status: int, content: bytes, headers: Mapping[str, str]) -> ApiError:
        """Reads the error body; an answer that is not the API's JSON error keeps its text as the message."""
        body: Any
        try:
            body = json.loads(content) if content else None
        except ValueError:
            body = None
        fields: Mapping[str, Any] = body if isinstance(body, Mapping) else {}

        def text(name: str) -> str | None:
            value = fields.get(name)
            return value if isinstance(value, str) else None

        lowered = {k.lower(): v for k, v in headers.items()}
        return cls(
            status,
            text("error") or f"HTTP {status}",
            text("message") or content.decode("utf-8", "replace")[:500],
            code=text("code"),
            param=text("param"),
            hint=text("hint"),
            doc_url=text("docUrl"),
            request_id=text("requestId") or lowered.get("x-request-id"),
            body=body,
            headers=headers,
        )


class IngestionError(KwsError):
    """A knowledge item whose processing ended in BACKGROUND_ERROR."""

    def __init__(self, knowledge_id: str, message_error: str | None) -> None:
        self.knowledge_id = knowledge_id
        self.message_error = message_error
        super().__init__(f"knowledge {knowledge_id} failed to process: {message_error or 'no detail given'}")


class JobFailedError(KwsError):
    """A background job (role create, role assignment, ...) that ended other than COMPLETED."""

    def __init__(self, job_id: str, status: str, error: str | None) -> None:
        self.job_id = job_id
        self.status = status
        self.error = error
        super().__init__(f"job {job_id} ended {status}" + (f": {error}" if error else ""))


class WaitTimeout(KwsError, TimeoutError):
    """A wait (for an upload, an item or a job) that outlived its timeout."""
