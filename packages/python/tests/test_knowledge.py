"""Uploads that wait until the item is searchable, pagination, and every search mode with a filter."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import kws

SUPPORT = {"type": "eq", "key": "team", "value": "support"}


@pytest.fixture(scope="module")
def items(client: kws.Client) -> Iterator[dict[str, kws.generated.models.knowledge.Knowledge]]:
    yield {
        "refunds": client.upload_file(
            b"Refunds are granted within thirty days of purchase, with the receipt.",
            filename="refunds.txt",
            language="en",
            attributes={"team": "support"},
        ),
        "shipping": client.add_text(
            "Shipping",
            "Parcels ship within two days; refunds of shipping costs follow the refund policy.",
            language="en",
            attributes={"team": "logistics"},
        ),
        "payroll": client.add_text(
            "Payroll",
            "Salaries are paid on the last working day of the month.",
            language="en",
            attributes={"team": "finance"},
            metadata={"owner": {"name": "Finance", "tags": ["payroll", "monthly"]}},
        ),
    }


def test_an_upload_returns_once_its_item_is_searchable(
    client: kws.Client, items: dict[str, kws.generated.models.knowledge.Knowledge]
) -> None:
    for item in items.values():
        assert item.status == "COMPLETED"
    assert items["refunds"].metadata.title == "refunds.txt"
    assert client.get_knowledge(items["payroll"].id).attributes.additional_properties == {"team": "finance"}


def test_start_upload_then_wait_follows_the_upload_tracking_rule(client: kws.Client) -> None:
    started = client.start_upload(b"Returns need the original packaging.", filename="returns.md", title="Returns")
    assert isinstance(started, kws.generated.models.upload_started.UploadStarted)
    item = client.wait_for_upload(started.upload_file_metadata_id, timeout=120)
    assert (item.status, item.metadata.title) == ("COMPLETED", "Returns")
    client.delete_knowledge(item.id)
    with pytest.raises(kws.ApiError) as raised:
        client.get_knowledge(item.id)
    assert raised.value.status == 404


def test_pages_are_followed_to_the_end(
    client: kws.Client, items: dict[str, kws.generated.models.knowledge.Knowledge]
) -> None:
    listed = [item.id for item in client.iter_knowledge(page_size=1)]
    assert sorted(listed) == sorted(item.id for item in items.values())
    finance = [item.id for item in client.iter_knowledge(filter={"type": "eq", "key": "team", "value": "finance"})]
    assert finance == [items["payroll"].id]
    # The jobs list is cursor-paged (2 a page here): the ingestions of the items above, and any job since.
    assert len({job.job_id for job in client.iter_jobs(page_size=2)}) >= 3


@pytest.mark.parametrize("mode", ["semantic", "hybrid", "keyword"])
def test_each_search_mode_applies_the_filter(
    client: kws.Client, items: dict[str, kws.generated.models.knowledge.Knowledge], mode: kws.SearchMode
) -> None:
    unfiltered = {r.id for r in client.search("refunds", mode=mode)}
    assert items["refunds"].id in unfiltered and items["shipping"].id in unfiltered
    results = client.search("refunds", mode=mode, filter=SUPPORT)
    assert [r.id for r in results] == [items["refunds"].id]
    assert 0 <= results[0].score <= 1


def test_hybrid_search_explains_its_feedback_and_turns_it_off(
    client: kws.Client, items: dict[str, kws.generated.models.knowledge.Knowledge]
) -> None:
    query = "how long do I have to return something I bought"
    on = client.search(query, mode="hybrid", explain=True)
    assert len(on) > 1 and on[0].explain is not None
    assert on[0].explain.query_shape == "prose" and isinstance(on[0].explain.feedback, (int, float))
    off = client.search(query, mode="hybrid", explain=True, feedback=False, rerank=True, rerank_candidates=5)
    assert off and all(r.explain is not None and not isinstance(r.explain.feedback, (int, float)) for r in off)


def test_title_search_applies_the_filter(
    client: kws.Client, items: dict[str, kws.generated.models.knowledge.Knowledge]
) -> None:
    assert {r.id for r in client.search_titles("p")} >= {items["shipping"].id, items["payroll"].id}
    either = {"type": "or", "filters": [SUPPORT, {"type": "eq", "key": "team", "value": "finance"}]}
    assert [r.id for r in client.search_titles("p", filter=either)] == [items["payroll"].id]


def test_a_misspelt_filter_or_field_gets_the_services_answer(client: kws.Client) -> None:
    # The body is sent as written: the service names the field at fault (the generated model raised a TypeError
    # about another one, or dropped an unknown field).
    with pytest.raises(kws.ApiError) as raised:
        client.search("refunds", filter={"type": "eq", "key": "team", "val": "support"})
    assert raised.value.status == 400 and raised.value.param == "filter.val"
    assert raised.value.message.startswith("filter.val is not a member of a eq comparison")
    with pytest.raises(kws.ApiError) as grouped:
        client.search_titles("p", filter={"type": "and", "filter": [SUPPORT]})
    assert grouped.value.status == 400 and "filters" in (grouped.value.hint or "") + grouped.value.message
    thread = client.create_thread("typos")
    with pytest.raises(kws.ApiError) as unknown:
        client.post_agent_message(thread.id, role="assistant", content="hi", modle="m")
    assert unknown.value.status == 400 and unknown.value.code == "unknown_field"
    assert unknown.value.message == "Unknown field: modle (did you mean model?)"


def test_a_wait_that_runs_out_names_the_timeout_given(client: kws.Client) -> None:
    with pytest.raises(kws.WaitTimeout, match=r"within 0\.01 s; .*goes on in the service"):
        client.upload_file(b"A note written to be waited for too briefly.", filename="brief.txt", timeout=0.01)
