"""The async client, on the same flows: upload and wait, search with a filter, a role-bound client."""

from __future__ import annotations

import asyncio

from conftest import Workspace

import kws


def test_the_async_client_uploads_searches_and_binds_a_role(workspace: Workspace) -> None:
    async def main() -> None:
        async with workspace.async_client() as client:
            item, other = await asyncio.gather(
                client.upload_file(b"Warranty claims take ten days.", filename="warranty.txt", attributes={"t": "a"}),
                client.add_text("Holidays", "The office closes for two weeks in August.", attributes={"t": "b"}),
            )
            assert (item.status, other.status) == ("COMPLETED", "COMPLETED")
            found = await client.search("warranty", mode="hybrid", filter={"type": "eq", "key": "t", "value": "a"})
            assert [r.id for r in found] == [item.id]
            listed = [k.id async for k in client.iter_knowledge(page_size=1)]
            assert sorted(listed) == sorted([item.id, other.id])
            role = await client.create_role("Warranty", customer_role_id="warranty")
            await client.set_rbac(True)
            await client.assign_roles(item.id, [role.id])
            scoped = client.as_role("warranty")
            assert [r.id for r in await scoped.search("office warranty")] == [item.id]
            thread = await scoped.create_thread("Async thread")
            assert [t.id async for t in scoped.iter_threads()] == [thread.id]
            try:
                await scoped.get_knowledge(other.id)
            except kws.ApiError as error:
                assert error.status == 404
            else:
                raise AssertionError("the other item is visible to the role")

    asyncio.run(main())
