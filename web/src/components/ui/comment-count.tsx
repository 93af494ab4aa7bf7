import { Link } from 'react-router-dom';
import './comment-count.css';

/** 'N comments' on a card, linking to the discussion on the item's own page. */
export function CommentCount({ count, href }: { count: number; href: string }) {
  const text = `${count} comment${count === 1 ? '' : 's'}`;
  return (
    <Link to={`${href}#comments`} className="comment-count">
      <svg
        className="icon"
        width="1em"
        height="1em"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
      {text}
    </Link>
  );
}
