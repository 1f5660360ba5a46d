// Creators: the creator programme's applications and terms (GET /api/admin/creators), 20 a page,
// by status and searched by name, email or code, on the list kit. Each creator can be moved as
// CREATOR_STATUS_MOVES allows (approve, reject, suspend, approve again), each with an optional note
// mailed to them, and given their own commission rate and discount (POST /api/admin/creators/:id).
// Every change shows the creator the Worker answers with. The header links to the commissions held
// for review (commissions/commission-review-screen.tsx).
import { Link } from "react-router-dom";
import {
  ADMIN_CREATORS_PAGE_SIZE,
  type AdminCreatorDto,
  CreatorListQuery,
  type CreatorStatus,
} from "../../../worker/contracts/admin-creators";
import { useLoad } from "../../lib/use-load";
import { fetchReviewedCommissions } from "../commissions/api";
import { DataList, paged, statusTabs } from "../components/data-list";
import { PageHeader } from "../components/page-header";
import { Pill } from "../components/pill";
import { useAdminTitle } from "../lib/use-admin-title";
import { useList } from "../lib/use-list-query";
import { adminPaths } from "../paths";
import { fetchCreators } from "./api";
import { CREATOR_STATUS_WORDS, CreatorCard } from "./creator-card";
import "./creators.css";

const statusWord = (status: CreatorStatus) => CREATOR_STATUS_WORDS[status].label.toLowerCase();

export function CreatorsScreen() {
  useAdminTitle("Creators");
  const { query, list } = useList(CreatorListQuery, fetchCreators, {
    path: adminPaths.creators,
    failed: "The creators could not be loaded.",
  });
  const saved = (creator: AdminCreatorDto) => {
    if (list.status !== "loaded") return;
    list.replace({
      ...list.data,
      creators: list.data.creators.map((c) => (c._id === creator._id ? creator : c)),
    });
  };
  return (
    <div className="admin-screen creators">
      <PageHeader title="Creators" actions={<HeldForReviewLink />}>
        <p className="admin-muted">
          Applications to the creator programme, and each creator’s commission and discount. Only
          approved creators’ codes and links work.
        </p>
      </PageHeader>
      <DataList
        query={query}
        noun="creator"
        tabs={statusTabs(CREATOR_STATUS_WORDS)}
        search={{
          label: "Search creators",
          fields: [{ param: "q", label: "Name, email or code", maxLength: 100 }],
        }}
        {...paged(list, (answer) => answer.creators, ADMIN_CREATORS_PAGE_SIZE)}
        countSuffix={({ status }) => (status ? ` ${statusWord(status)}` : "")}
        empty={({ status }) =>
          status
            ? {
                title: `No ${statusWord(status)} creators.`,
                action: { to: query.address({ status: undefined }), label: "See all creators" },
              }
            : {
                title: "No creators yet.",
                hint: "Applications from the creator sign-up page appear here.",
              }
        }
      >
        {(creators, pending) => (
          <ul className={pending ? "creators-list is-pending" : "creators-list"}>
            {creators.map((creator) => (
              <li key={creator._id}>
                <CreatorCard creator={creator} onSaved={saved} onStale={list.reload} />
              </li>
            ))}
          </ul>
        )}
      </DataList>
    </div>
  );
}

/** To the commissions held as possible self-referral, with how many wait; without it if unknown. */
function HeldForReviewLink() {
  const held = useLoad((signal) => fetchReviewedCommissions({ review: "held" }, signal));
  const count = held.status === "loaded" ? held.data.total : 0;
  return (
    <Link to={adminPaths.commissionReview} className="button button-ghost">
      Held for review
      {count > 0 ? (
        <Pill tone="new">
          {count.toLocaleString("en-AU")}
          <span className="visually-hidden"> {count === 1 ? "commission" : "commissions"}</span>
        </Pill>
      ) : null}
    </Link>
  );
}
