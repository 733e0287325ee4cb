"""Roles and RBAC with a role-bound token, a user's space with RAG, and an agent thread: the role's document is
seen, the other one vanishes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from kws.generated.models.knowledge import Knowledge
from kws.generated.models.role import Role

import kws


@dataclass
class World:
    admin: kws.Client
    support: kws.Client
    role: Role
    refunds: Knowledge
    payroll: Knowledge


@pytest.fixture(scope="module")
def world(client: kws.Client) -> Iterator[World]:
    refunds = client.add_text("Refunds", "Refunds are granted within thirty days of purchase.", language="en")
    payroll = client.add_text("Payroll", "Refunds of payroll advances are deducted from salaries.", language="en")
    role = client.create_role("Support", customer_role_id="support", description="The support team")
    assert client.set_rbac(True).rbac_status == "ACTIVE"
    roles = client.assign_roles(refunds.id, [role.id])
    assert [r.id for r in roles] == [role.id]
    yield World(client, client.as_role("support", subject="user-42"), role, refunds, payroll)


def test_a_role_is_created_through_its_workflow(world: World) -> None:
    assert (world.role.name, world.role.customer_role_id) == ("Support", "support")
    assert [r.id for r in world.admin.list_roles()] == [world.role.id]


def test_a_role_bound_token_sees_only_its_roles_knowledge(world: World) -> None:
    assert {r.id for r in world.admin.search("refunds")} == {world.refunds.id, world.payroll.id}
    assert {r.id for r in world.admin.search_titles("r")} == {world.refunds.id, world.payroll.id}
    for mode in ("semantic", "hybrid", "keyword"):
        assert [r.id for r in world.support.search("refunds", mode=mode)] == [world.refunds.id], mode
    assert [r.id for r in world.support.search_titles("r")] == [world.refunds.id]
    assert [k.id for k in world.support.iter_knowledge()] == [world.refunds.id]
    with pytest.raises(kws.ApiError) as raised:
        world.support.get_knowledge(world.payroll.id)
    assert (raised.value.status, raised.value.message) == (404, "Knowledge item not found")


def test_a_user_space_answers_rag_within_the_role(world: World) -> None:
    space = world.support.activate_user_space("user-42", customer_role_id="support")
    assert space.is_new and space.user_id == "user-42"
    again = world.admin.activate_user_space("user-42", customer_role_id="support")
    assert (again.space_id, again.is_new) == (space.space_id, False)
    answer = space.client.space_rag(space.space_id, "When are refunds granted?", top_k=5)
    assert answer.knowledge_results, "the role's document grounds the answer"
    assert all("payroll" not in p.text.lower() for p in answer.knowledge_results)
    assert any("thirty days" in p.text for p in answer.knowledge_results)
    with pytest.raises(kws.ApiError) as raised:
        world.support.activate_user_space("user-43", customer_role_id="support")  # the subject is user-42
    assert raised.value.status == 403


def test_an_agent_thread_keeps_its_messages_and_retrieves_within_the_role(world: World) -> None:
    thread = world.support.create_thread("Refund question")
    asked = world.support.post_agent_message(thread.id, role="user", content="Can I get a refund?")
    again = world.support.post_agent_message(thread.id, role="user", content="Can I get a refund?", message_id=asked.id)
    assert again.id == asked.id, "posting the same id again answers the stored message"
    world.support.post_agent_message(thread.id, role="assistant", content="Yes, within thirty days.", model="test")
    assert [t.id for t in world.support.iter_threads(page_size=1)] == [thread.id]
    passages = world.support.agent_rag("refund policy", top_k=3).knowledge_results
    assert passages and all("payroll" not in p.text.lower() for p in passages)
    with pytest.raises(kws.ApiError) as raised:
        world.admin.create_thread("The workspace credential under ACTIVE RBAC")
    assert (raised.value.status, raised.value.message) == (403, "A role-bound token is required when RBAC is active")
