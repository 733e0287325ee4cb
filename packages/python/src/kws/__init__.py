"""Python client of the Knowledge Workspace Service.

``kws.Client`` (and ``kws.AsyncClient``) wrap the client generated from the service's OpenAPI document
(``kws.generated``, built with the package): API key to access token and its renewal, uploads that wait until the
item is searchable, roles through their workflows, pagination, and errors raised as ``kws.ApiError``.
"""

from ._async import AsyncClient, AsyncUserSpace
from ._auth import TokenAuth, token_expiry
from ._errors import ApiError, IngestionError, JobFailedError, KwsError, WaitTimeout
from ._shared import FileInput, Filter, unwrap, unwrap_as
from ._sync import Client, SearchMode, UserSpace

__all__ = [
    "ApiError",
    "AsyncClient",
    "AsyncUserSpace",
    "Client",
    "FileInput",
    "Filter",
    "IngestionError",
    "JobFailedError",
    "KwsError",
    "SearchMode",
    "TokenAuth",
    "UserSpace",
    "WaitTimeout",
    "token_expiry",
    "unwrap",
    "unwrap_as",
]
