// Promotions: discount codes and automatic offers, searched by name or code, by state, 20 a page
// (GET /api/admin/promotions), on the list kit: the search, the state and the page live in the
// address.
import { Link } from "react-router-dom";
import {
  MAX_PROMOTION_SEARCH_LENGTH,
  PROMOTIONS_PAGE_SIZE,
  type PromotionDto,
  PromotionListQuery,
} from "../../../worker/contracts/promotions";
import { DataList, paged, statusTabs } from "../components/data-list";
import type { Column } from "../components/data-table";
import { PageHeader } from "../components/page-header";
import { StatusPill } from "../components/pill";
import { useAdminTitle } from "../lib/use-admin-title";
import { useList } from "../lib/use-list-query";
import { adminPaths } from "../paths";
import { EditLink } from "../products/products-screen";
import { fetchPromotions } from "./api";
import { codeWords, discountLine, PROMOTION_STATE_WORDS, usesWords } from "./promotion-words";

const COLUMNS: Column<PromotionDto>[] = [
  {
    header: "Name",
    cell: (promotion) => (
      <Link to={adminPaths.promotion(promotion.id)} className="admin-row-title">
        {promotion.name}
      </Link>
    ),
  },
  { header: "Code", labelled: true, cell: codeWords },
  { header: "Discount", labelled: true, cell: discountLine },
  { header: "Uses", labelled: true, cell: usesWords },
  {
    header: "State",
    labelled: true,
    cell: (promotion) => <StatusPill status={promotion.state} words={PROMOTION_STATE_WORDS} />,
  },
  {
    header: "Actions",
    hideHeader: true,
    cell: (promotion) => (
      <EditLink to={adminPaths.promotion(promotion.id)} label="Open" name={promotion.name} />
    ),
  },
];

export function PromotionsScreen() {
  useAdminTitle("Promotions");
  const { query, list } = useList(PromotionListQuery, fetchPromotions, {
    path: adminPaths.promotions,
    failed: "The promotions could not be loaded.",
  });
  return (
    <div className="admin-screen">
      <PageHeader
        title="Promotions"
        actions={
          <Link to={adminPaths.newPromotion} className="button button-primary">
            New promotion
          </Link>
        }
      />
      <DataList
        query={query}
        noun="promotion"
        search={{
          label: "Search promotions",
          fields: [
            {
              param: "q",
              label: "Search promotions by name or code",
              maxLength: MAX_PROMOTION_SEARCH_LENGTH,
            },
          ],
        }}
        tabs={statusTabs(PROMOTION_STATE_WORDS, { param: "state", label: "Filter by state" })}
        {...paged(list, (answer) => answer.promotions, PROMOTIONS_PAGE_SIZE)}
        columns={COLUMNS}
        rowKey={(promotion) => promotion.id}
        empty={({ state }) =>
          state
            ? {
                title: `No ${PROMOTION_STATE_WORDS[state].label.toLowerCase()} promotions.`,
                action: { to: query.home, label: "See all promotions" },
              }
            : {
                title: "No promotions yet.",
                action: {
                  to: adminPaths.newPromotion,
                  label: "Create the first promotion",
                  primary: true,
                },
              }
        }
      />
    </div>
  );
}
