"""Access tokens: minted from the API key when first needed, minted again shortly before they expire (and once
more if the service answers 401 to one), and sent as the bearer credential of every request."""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import threading
import time
from collections.abc import AsyncGenerator, Awaitable, Callable, Generator

import httpx


def token_expiry(token: str) -> float | None:
    """The token's ``exp`` (seconds since the epoch), read without verifying it; None when it has none."""
    try:
        payload = token.split(".")[1]
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (IndexError, ValueError, binascii.Error):
        return None
    exp = claims.get("exp") if isinstance(claims, dict) else None
    return float(exp) if isinstance(exp, (int, float)) else None


class TokenAuth(httpx.Auth):
    """Bearer authentication with a token that is minted (and re-minted) by the given functions.

    With neither mint function the token is fixed (a user space token, or a token the caller minted).
    """

    def __init__(
        self,
        *,
        token: str | None = None,
        mint: Callable[[], str] | None = None,
        mint_async: Callable[[], Awaitable[str]] | None = None,
        refresh_margin: float = 60.0,
    ) -> None:
        if token is None and mint is None and mint_async is None:
            raise ValueError("a token or a way to mint one is required")
        self._token = token
        self._expires_at = token_expiry(token) if token else None
        self._mint = mint
        self._mint_async = mint_async
        self.refresh_margin = refresh_margin
        self.mints = 0
        self._lock = threading.Lock()
        self._async_lock: asyncio.Lock | None = None

    @property
    def renewable(self) -> bool:
        return self._mint is not None or self._mint_async is not None

    def _due(self) -> bool:
        if self._token is None:
            return True
        if not self.renewable or self._expires_at is None:
            return False
        return self._expires_at - time.time() <= self.refresh_margin

    def _store(self, token: str) -> str:
        self._token = token
        self._expires_at = token_expiry(token)
        self.mints += 1
        return token

    def invalidate(self, token: str) -> None:
        """Forgets ``token`` (when it is still the current one), so the next request mints another."""
        if self._token == token and self.renewable:
            self._token = None

    def current(self) -> str:
        """The token to send now, minting one when there is none or it expires within the margin."""
        with self._lock:
            if self._due():
                if self._mint is None:
                    raise RuntimeError("this client mints tokens asynchronously: use it from an AsyncClient")
                return self._store(self._mint())
            assert self._token is not None
            return self._token

    async def current_async(self) -> str:
        if self._async_lock is None:
            self._async_lock = asyncio.Lock()
        async with self._async_lock:
            if self._due():
                if self._mint_async is None:
                    raise RuntimeError("this client mints tokens synchronously: use it from a Client")
                return self._store(await self._mint_async())
            assert self._token is not None
            return self._token

    def sync_auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        token = self.current()
        request.headers["Authorization"] = f"Bearer {token}"
        response = yield request
        if response.status_code == 401 and self.renewable:
            # Revoked, expired early, or signed with a rotated secret: one fresh token, one retry.
            self.invalidate(token)
            request.headers["Authorization"] = f"Bearer {self.current()}"
            yield request

    async def async_auth_flow(self, request: httpx.Request) -> AsyncGenerator[httpx.Request, httpx.Response]:
        token = await self.current_async()
        request.headers["Authorization"] = f"Bearer {token}"
        response = yield request
        if response.status_code == 401 and self.renewable:
            self.invalidate(token)
            request.headers["Authorization"] = f"Bearer {await self.current_async()}"
            yield request
