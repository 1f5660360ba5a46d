// The customer care inbox: the list by status and page, a message with its replies, replying
// (validated with the endpoint's schema, the stored reply shown), closing and reopening, and the
// subscribers' CSV saved through the API client.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ContactMessageDto } from "../../worker/contracts/admin-inbox";
import {
  captureDownloads,
  csvFile,
  json,
  MESSAGE_ID,
  makeMessage,
  makeReply,
  openAdmin,
  openThroughTryAgain,
} from "./admin-helpers";
import { expectTexts, press, textsByRole } from "./helpers";

const MESSAGES = "/api/admin/messages";
const OTHER_ID = "c0ffee00c0ffee00c0ffee02";

const listOf =
  (messages: ContactMessageDto[], total = messages.length) =>
  () =>
    json(200, { success: true, messages, total });

const messageAnswer = (contactMessage: ContactMessageDto, message = "Done") =>
  json(200, { success: true, message, contactMessage });

/** An inbox whose one stored message changes as the routes answer. */
function openInbox(start: ContactMessageDto) {
  let stored = start;
  return openAdmin(`/inbox?id=${MESSAGE_ID}`, {
    [`GET ${MESSAGES}`]: () => listOf([stored])(),
    [`POST ${MESSAGES}/${MESSAGE_ID}/reply`]: ({ body }) => {
      stored = {
        ...stored,
        status: "replied",
        replies: [
          ...stored.replies,
          makeReply({
            _id: "r-new",
            message: (body as { message: string }).message.trim(),
            createdAt: "2026-11-21T00:15:00.000Z",
          }),
        ],
      };
      return messageAnswer(stored, "Reply sent");
    },
    [`POST ${MESSAGES}/${MESSAGE_ID}`]: ({ body }) => {
      const { status } = body as { status: ContactMessageDto["status"] };
      stored = { ...stored, status };
      return messageAnswer(stored, `Message marked ${status}`);
    },
  });
}

describe("the inbox list", () => {
  it("lists each message's name, email, date, first line and status, with the token", async () => {
    const { api } = openAdmin("/inbox", {
      [`GET ${MESSAGES}`]: listOf([
        makeMessage({
          _id: OTHER_ID,
          firstName: "Tom",
          lastName: "Nguyen",
          email: "tom@example.com",
          message: "\n  Where is my order?\nIt was due Friday.",
          status: "replied",
          createdAt: "2026-11-21T22:00:00.000Z",
        }),
        makeMessage(),
      ]),
    });
    const items = await screen.findAllByRole("link", { name: /example\.com/ });
    expect(items).toHaveLength(2);
    const [tom, priya] = items as [HTMLElement, HTMLElement];
    // Newest first, as the Worker sends them.
    expectTexts(within(tom), [
      "Tom Nguyen",
      "tom@example.com",
      "22 Nov 2026, 8:00 am",
      "Where is my order?",
      "Replied",
    ]);
    expectTexts(within(priya), ["Priya Sharma", "Is the copper lota food safe?", "New"]);
    expect(screen.getByText("2 messages")).toBeTruthy();
    expect(screen.getByText("Choose a message to read it and reply.")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Inbox · Back-office"));
    expect(api.callsTo("GET", MESSAGES)[0]?.headers.get("token")).toBe("admin-token");
  });

  it("filters by status and pages through the Worker's list", async () => {
    const { api } = openAdmin("/inbox", {
      [`GET ${MESSAGES}`]: listOf([makeMessage()], 45),
    });
    await screen.findByRole("link", { name: /Priya Sharma/ });
    expect(api.callsTo("GET", MESSAGES)[0]?.query.toString()).toBe("");
    const filters = screen.getByRole("navigation", { name: "Filter by status" });
    expect(textsByRole(filters, "link")).toEqual(["All", "New", "Replied", "Closed"]);

    fireEvent.click(within(filters).getByRole("link", { name: "Closed" }));
    await waitFor(() => expect(api.callsTo("GET", MESSAGES)).toHaveLength(2));
    expect(api.callsTo("GET", MESSAGES)[1]?.query.get("status")).toBe("closed");
    expect(within(filters).getByRole("link", { name: "Closed" }).getAttribute("aria-current")).toBe(
      "true",
    );

    expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Next" }));
    await waitFor(() => expect(api.callsTo("GET", MESSAGES)).toHaveLength(3));
    expect(api.callsTo("GET", MESSAGES)[2]?.query.get("page")).toBe("2");
    expect(api.callsTo("GET", MESSAGES)[2]?.query.get("status")).toBe("closed");
  });

  it("says when a status has no messages, and shows a failed load with Try again", async () => {
    await openThroughTryAgain("/inbox?status=new", MESSAGES, listOf([]));
    expect(await screen.findByText("No new messages.")).toBeTruthy();
  });
});

describe("a message", () => {
  it("opens in full with the phone and the replies so far, who and when", async () => {
    const { router } = openAdmin("/inbox", {
      [`GET ${MESSAGES}`]: listOf([
        makeMessage({
          status: "replied",
          replies: [makeReply({ message: "Yes, it is lined for water.\nEnjoy!" })],
        }),
      ]),
    });
    fireEvent.click(await screen.findByRole("link", { name: /Priya Sharma/ }));
    const message = await screen.findByRole("article", { name: "Priya Sharma" });
    expect(router.state.location.search).toBe(`?id=${MESSAGE_ID}`);
    expect(
      within(message).getByText(
        (_, node) =>
          node?.textContent ===
            "Is the copper lota food safe?\nI would like to use it for water." &&
          node.tagName === "P",
      ),
    ).toBeTruthy();
    expect(within(message).getByRole("link", { name: "0412 345 678" }).getAttribute("href")).toBe(
      "tel:0412345678",
    );
    expect(
      within(message).getByRole("link", { name: "priya@example.com" }).getAttribute("href"),
    ).toBe("mailto:priya@example.com");
    const replies = within(message).getByRole("heading", { name: "Replies (1)" });
    const reply = within(replies.closest("section") as HTMLElement).getByRole("listitem");
    expectTexts(within(reply), [
      "owner@example.com",
      "20 Nov 2026, 4:00 pm",
      /Yes, it is lined for water/,
    ]);
    // The heading takes the focus: on phones the list it was chosen from is hidden.
    expect(document.activeElement).toBe(within(message).getByRole("heading", { level: 2 }));
  });

  it("sends the reply, then shows the stored reply and Replied", async () => {
    const { api } = openInbox(makeMessage());
    const message = await screen.findByRole("article", { name: "Priya Sharma" });
    expect(within(message).getByText("No reply yet.")).toBeTruthy();

    await press("Send reply");
    expect(await screen.findByText("Write the reply first")).toBeTruthy();
    expect(screen.getByLabelText("Reply").getAttribute("aria-invalid")).toBe("true");
    expect(api.callsTo("POST", `${MESSAGES}/${MESSAGE_ID}/reply`)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Reply"), {
      target: { value: "  Yes: food-safe, lined with tin.  " },
    });
    await press("Send reply");
    await waitFor(() =>
      expect(api.callsTo("POST", `${MESSAGES}/${MESSAGE_ID}/reply`)).toHaveLength(1),
    );
    const sent = api.callsTo("POST", `${MESSAGES}/${MESSAGE_ID}/reply`)[0];
    expect(sent?.body).toEqual({ message: "Yes: food-safe, lined with tin." });
    expect(sent?.headers.get("token")).toBe("admin-token");

    expect(await screen.findByText("Reply sent")).toBeTruthy();
    const replies = within(message).getByRole("heading", { name: "Replies (1)" });
    const reply = within(replies.closest("section") as HTMLElement).getByRole("listitem");
    expect(within(reply).getByText("Yes: food-safe, lined with tin.")).toBeTruthy();
    expect(within(reply).getByText("21 Nov 2026, 10:15 am")).toBeTruthy();
    expect((screen.getByLabelText("Reply") as HTMLTextAreaElement).value).toBe("");
    // The list and the message both say Replied now.
    expect(within(message).getByText("Replied")).toBeTruthy();
    const item = screen.getByRole("link", { name: /Priya Sharma/ });
    expect(within(item).getByText("Replied")).toBeTruthy();
  });

  it("shows the Worker's own field error from a refused reply", async () => {
    openAdmin(`/inbox?id=${MESSAGE_ID}`, {
      [`GET ${MESSAGES}`]: listOf([makeMessage()]),
      [`POST ${MESSAGES}/${MESSAGE_ID}/reply`]: () =>
        json(400, {
          success: false,
          message: "message must be at most 5000 characters",
          code: "invalid_input",
          issues: [{ path: "message", message: "message must be at most 5000 characters" }],
        }),
    });
    fireEvent.change(await screen.findByLabelText("Reply"), { target: { value: "Hello" } });
    await press("Send reply");
    expect(await screen.findByText("Message must be at most 5000 characters")).toBeTruthy();
  });

  it("marks a message closed, and reopens it as new", async () => {
    const { api } = openInbox(makeMessage({ status: "replied" }));
    const message = await screen.findByRole("article", { name: "Priya Sharma" });
    expect(within(message).queryByRole("button", { name: "Reopen" })).toBeNull();

    await press("Mark closed");
    expect(await screen.findByText("Message marked closed")).toBeTruthy();
    expect(api.callsTo("POST", `${MESSAGES}/${MESSAGE_ID}`)[0]?.body).toEqual({
      status: "closed",
    });
    expect(within(message).getByText("Closed")).toBeTruthy();
    expect(within(message).queryByRole("button", { name: "Mark closed" })).toBeNull();

    await press("Reopen");
    expect(await screen.findByText("Message marked new")).toBeTruthy();
    expect(api.callsTo("POST", `${MESSAGES}/${MESSAGE_ID}`)[1]?.body).toEqual({ status: "new" });
    expect(within(message).getByText("New")).toBeTruthy();
    expect(within(message).getByRole("button", { name: "Mark closed" })).toBeTruthy();
  });

  it("toasts a refused status change and keeps the status", async () => {
    openAdmin(`/inbox?id=${MESSAGE_ID}`, {
      [`GET ${MESSAGES}`]: listOf([makeMessage()]),
      [`POST ${MESSAGES}/${MESSAGE_ID}`]: () =>
        json(404, { success: false, message: "Message not found", code: "message_not_found" }),
    });
    const message = await screen.findByRole("article", { name: "Priya Sharma" });
    await press("Mark closed");
    expect(await screen.findByText("Message not found")).toBeTruthy();
    expect(within(message).getByText("New")).toBeTruthy();
  });

  it("says so when the message in the address is not in the list", async () => {
    openAdmin(`/inbox?id=${OTHER_ID}`, {
      [`GET ${MESSAGES}`]: listOf([makeMessage()]),
    });
    expect(
      await screen.findByText("That message is not on this page or under this filter."),
    ).toBeTruthy();
    expect(screen.queryByRole("article")).toBeNull();
  });
});

describe("the subscribers' export", () => {
  it("fetches the CSV with the token and saves it under the Worker's file name", async () => {
    const saved = captureDownloads();
    const { api } = openAdmin("/inbox", {
      [`GET ${MESSAGES}`]: listOf([]),
      "GET /api/admin/subscribers.csv": () =>
        csvFile(
          "email,confirmed_at\r\npriya@example.com,2026-11-01T00:00:00.000Z\r\n",
          "subscribers-2026-11-20.csv",
        ),
    });
    await press("Export subscribers (CSV)");
    await waitFor(() => expect(saved).toHaveLength(1));
    const call = api.callsTo("GET", "/api/admin/subscribers.csv")[0];
    expect(call?.headers.get("token")).toBe("admin-token");
    expect(saved[0]?.filename).toBe("subscribers-2026-11-20.csv");
    expect(await saved[0]?.blob?.text()).toBe(
      "email,confirmed_at\r\npriya@example.com,2026-11-01T00:00:00.000Z\r\n",
    );
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    expect(await screen.findByRole("button", { name: "Export subscribers (CSV)" })).toBeTruthy();
  });

  it("toasts the Worker's message when the export is refused", async () => {
    const saved = captureDownloads();
    openAdmin("/inbox", {
      [`GET ${MESSAGES}`]: listOf([]),
      "GET /api/admin/subscribers.csv": () =>
        json(503, { success: false, message: "Database unavailable" }),
    });
    await press("Export subscribers (CSV)");
    expect(await screen.findByText("Database unavailable")).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});
