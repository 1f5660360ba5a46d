import type { BlogPostDto } from "../../../../worker/contracts/catalogue";
import { formatPublishDate, formatReadingTime, splitKeywords } from "../format";
import { ClockIcon } from "./blog-icons";

type MetaProps = Pick<BlogPostDto, "publishDate" | "estimatedTimeToRead"> & { className: string };

export function PostMeta({ publishDate, estimatedTimeToRead, className }: MetaProps) {
  return (
    <p className={`post-meta ${className}`}>
      <time dateTime={publishDate}>{formatPublishDate(publishDate)}</time>
      <span className="post-meta-dot" aria-hidden="true">
        ·
      </span>
      <span className="post-meta-time">
        <ClockIcon />
        {formatReadingTime(estimatedTimeToRead)}
      </span>
    </p>
  );
}

export function KeywordList({ keywords, label }: { keywords: string; label: string }) {
  const list = splitKeywords(keywords);
  if (list.length === 0) return null;
  return (
    <ul className="keyword-list" aria-label={label}>
      {list.map((keyword) => (
        <li key={keyword}>{keyword}</li>
      ))}
    </ul>
  );
}
