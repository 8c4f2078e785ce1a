"""Each endpoint answers with the shapes of the reference and the real samples."""

from __future__ import annotations

import re

import httpx

from .support import BIG_ARCHIVE, LURKER_DEV, TIMESTAMP, TOPIC_WITH_650, ok

LIST_KEYS = {
    "object", "total_count", "start_item", "end_item", "has_more", "next_page_token",
    "sort_field", "sort_dir", "second_order", "query", "data",
}  # fmt: skip
TOPIC_KEYS = {
    "id", "object", "created", "updated", "group_id", "group_subject_tag", "subject",
    "summary", "name", "profile_photo_url", "num_messages", "is_sticky", "is_moderated",
    "is_closed", "has_attachments", "reply_to", "most_recent_message", "hashtags",
}  # fmt: skip
MESSAGE_KEYS = {
    "id", "user_id", "group_id", "topic_id", "object", "created", "updated", "body",
    "quoted", "remainder", "snippet", "subject", "subject_with_tags", "name",
    "profile_photo_url", "is_plain_text", "is_reply", "has_liked", "is_closed",
    "is_moderated", "can_repost", "msg_num", "num_likes", "reply_to", "hashtags", "poll_id",
    "attachments",
}  # fmt: skip
GROUP_KEYS = {
    "id", "created", "updated", "type", "title", "name", "nice_group_name", "alias",
    "subject_tag", "website", "email_address", "org_domain", "group_url", "desc",
    "plain_desc", "footer", "announce", "locked", "moderation", "reply_to", "privacy", "plan",
    "parent_group_id", "subs_count", "threads_count", "messages_count",
    "most_recent_message", "cover_photo_url", "icon_url", "perms", "extra_member_data_columns",
}  # fmt: skip
HASHTAG_KEYS = {
    "id", "object", "group_id", "topic_count", "created", "last_message_date", "name",
    "description", "color_name", "color_hex", "mods_only_post", "locked", "until", "muted",
}  # fmt: skip


async def test_getuser_is_the_demo_user(client: httpx.AsyncClient) -> None:
    user = await ok(client, "getuser")
    assert user["object"] == "user"
    assert user["email"] == "demo@example.com"
    assert user["status"] == "user_status_confirmed"
    assert re.fullmatch(r"\d{19}", user["csrf_token"])
    assert user["two_factor_enabled"] is False


async def test_getsubs_lists_every_group_as_member_records(client: httpx.AsyncClient) -> None:
    subs = await ok(client, "getsubs")
    assert LIST_KEYS <= subs.keys()
    names = [record["group_name"] for record in subs["data"]]
    assert names == [
        "lurker-dev", "parent", "parent+child", "big-archive", "private-archives", "no-api",
        "sandbox",
    ]  # fmt: skip
    for record in subs["data"]:
        assert record["object"] == "member_info"
        assert record["perms"]["object"] == "perms"
        assert {"nice_group_name", "subs_count", "member_labels", "extra_member_data"} <= set(
            record
        )
        assert TIMESTAMP.match(record["most_recent_message"])
        assert record["moderator_notes_updated"] == "0001-01-01T00:00:00Z"
    by_name = {record["group_name"]: record for record in subs["data"]}
    assert by_name["lurker-dev"]["mod_status"] == "sub_modstatus_owner"
    assert by_name["lurker-dev"]["perms"]["view_activity"] is True
    assert by_name["parent"]["perms"]["view_activity"] is False
    assert by_name["private-archives"]["perms"]["archives_visible"] is False
    no_api = by_name["no-api"]["perms"]
    assert not any(value for key, value in no_api.items() if key != "object")


async def test_getgroup_returns_the_full_group(client: httpx.AsyncClient) -> None:
    group = await ok(client, "getgroup", group_name="parent+child")
    assert GROUP_KEYS <= group.keys()
    assert group["object"] == "group"
    parent = await ok(client, "getgroup", group_name="parent")
    assert group["parent_group_id"] == parent["id"]
    dev = await ok(client, "getgroup", group_id=LURKER_DEV)
    assert dev["name"] == "lurker-dev"
    assert dev["threads_count"] == 400
    columns = dev["extra_member_data_columns"]
    assert {column["type"] for column in columns} >= {"text_column", "multiple_choice_column"}


async def test_gettopics_returns_topic_objects(client: httpx.AsyncClient) -> None:
    page = await ok(client, "gettopics", group_id=LURKER_DEV, limit=100)
    assert LIST_KEYS <= page.keys()
    for topic in page["data"]:
        assert TOPIC_KEYS <= topic.keys()
        assert topic["object"] == "topic"
        assert TIMESTAMP.match(topic["created"])
        assert TIMESTAMP.match(topic["most_recent_message"])
        assert topic["hashtags"] is None or all(
            HASHTAG_KEYS <= tag.keys() and tag["object"] == "hashtag" for tag in topic["hashtags"]
        )
    fractions = {len(t["most_recent_message"].split(".")[1][:-6]) for t in page["data"]}
    assert 9 in fractions
    assert 8 in fractions  # Go drops trailing zeros


async def test_hashtag_colours_include_broken_and_short_ones(client: httpx.AsyncClient) -> None:
    colours = set()
    page = await ok(client, "gettopics", group_id=LURKER_DEV, limit=100)
    while page["data"]:
        for topic in page["data"]:
            colours |= {tag["color_hex"] for tag in topic["hashtags"] or []}
        page = await ok(
            client, "gettopics", group_id=LURKER_DEV, limit=100, page_token=page["next_page_token"]
        )
    assert {"zzz", "#0a0", "#d73a4a"} <= colours


async def test_gettopic_carries_topic_group_and_posters(client: httpx.AsyncClient) -> None:
    page = await ok(client, "gettopic", topic_id=TOPIC_WITH_650, limit=100)
    assert page["total_count"] == 650
    assert page["topic"]["id"] == TOPIC_WITH_650
    assert page["topic"]["num_messages"] == 650
    assert page["group"]["id"] == BIG_ARCHIVE
    assert page["group_perms"]["archives_visible"] is True
    assert page["cover_photo_url"] == ""
    posters = {record["user_id"]: record for record in page["sub_data"]}
    for message in page["data"]:
        assert MESSAGE_KEYS <= message.keys()
        assert message["user_id"] in posters
        assert posters[message["user_id"]]["full_name"] == message["name"]
    assert [m["msg_num"] for m in page["data"]] == sorted(m["msg_num"] for m in page["data"])
    assert not page["data"][0]["is_reply"]
    assert page["data"][1]["is_reply"]


async def test_posters_carry_member_labels(client: httpx.AsyncClient) -> None:
    labels = []
    page = await ok(client, "gettopics", group_name="lurker-dev", limit=30)
    for topic in page["data"]:
        thread = await ok(client, "gettopic", topic_id=topic["id"], limit=100)
        labels += [label for record in thread["sub_data"] for label in record["member_labels"]]
    assert labels
    assert all(label["object"] == "memberlabel" and label["color_hex"] for label in labels)


async def test_bodies_look_like_real_mail_clients(client: httpx.AsyncClient) -> None:
    bodies, plain, attachments = [], [], []
    for offset in range(0, 800, 100):
        page = await ok(client, "getmessages", group_id=BIG_ARCHIVE, limit=100, page_token=offset)
        for message in page["data"]:
            (plain if message["is_plain_text"] else bodies).append(message["body"])
            attachments += message["attachments"]
            assert message["snippet"]
            assert message["remainder"]
    html = "\n".join(bodies)
    for marker in (
        'class="gmail_quote"', "MsoNormal", "border-top:solid #E1E1E1", "<b>Von:</b>",
        "divRplyFwdMsg", '<blockquote type="cite">', "moz-cite-prefix",
        "-----Original Message-----", "<pre>", "<table", "<ul>", "<ol>", 'dir="rtl"',
        'width="1" height="1"', "<img src=", "-- <br>",
    ):  # fmt: skip
        assert marker in html, marker
    text = "\n".join(plain)
    assert "\n> " in text
    assert "wrote:" in text
    assert "https://" in text
    assert "<" in text
    assert "&" in text
    assert any('<a href="https://' in body and ">https://" in body for body in bodies)
    assert attachments
    assert {"id", "media_type", "download_url", "image_thumbnail_url", "filename"} <= set(
        attachments[0]
    )


async def test_getactivitylog_entries_are_html(client: httpx.AsyncClient) -> None:
    page = await ok(client, "getactivitylog", group_id=LURKER_DEV, limit=100)
    assert page["total_count"] == 5000
    vias = set()
    for entry in page["data"]:
        assert entry["object"] == "activity_log"
        assert entry["group_id"] == LURKER_DEV
        assert TIMESTAMP.match(entry["created"])
        assert re.search(
            r'<a href="https://[^"]+/memberbyuid/\d+">[^<]+ &lt;[^&]+&gt;</a>', entry["entry"]
        )
        vias.add(entry["via"])
    assert vias == {"", "via_robot"}


async def test_extended_wraps_the_result_with_the_user(client: httpx.AsyncClient) -> None:
    user, group = await ok(client, "getgroup", group_name="parent", extended="true")
    assert user["object"] == "user"
    assert group["name"] == "parent"


async def test_sandbox_holds_hostile_text(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/v1/gettopics", params={"group_name": "sandbox", "limit": 100})
    assert '"id":9007199254740993' in response.text  # exact, not rounded to 2**53
    topics = response.json()["data"]
    subjects = "".join(topic["subject"] for topic in topics)
    for hostile in ("[bold red]", "[@click=app.quit]", "\x1b[2J", "\x1b]0;pwned\x07", "\u202e"):
        assert hostile in subjects
    by_subject = {topic["subject"]: topic["id"] for topic in topics}
    image = await ok(client, "gettopic", topic_id=by_subject["A 300 KB inline image"])
    assert len(image["data"][0]["body"]) > 300_000
    nested = await ok(client, "gettopic", topic_id=by_subject["Nesting 400 levels deep"])
    assert nested["data"][0]["body"].count("<blockquote>") == 400
    huge = await ok(client, "gettopic", topic_id=2**53 + 1)
    assert huge["topic"]["id"] == 2**53 + 1
    assert huge["sub_data"][0]["user_id"] == huge["data"][0]["user_id"] == 2**53 + 3
