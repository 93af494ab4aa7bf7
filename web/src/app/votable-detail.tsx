import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CommentSubjectRef } from '../features/comments/api/comments';
import { CommentsSection } from '../features/comments/components/comments-section';
import { SubjectPage } from '../features/comments/components/subject-page';

/** The page of one votable item, as its kind words it. */
interface VotableDetailProps<Item extends { merged_from?: readonly MergedFrom[] | undefined }> {
  /** What the page is about, e.g. 'Feature request'. */
  noun: string;
  /** Where 'Back to …' leads, and its text. */
  back: { readonly href: string; readonly label: string };
  /** The discussion's subject: the item's, and that of each item merged into it. */
  subjectType: CommentSubjectRef['type'];
  id: string;
  query: UseQueryResult<Item>;
  /** Shows the loading state while something besides the query is pending (the session). */
  waiting?: boolean;
  title: (item: Item) => string;
  /** Why its discussion is read-only (a merged item); open when undefined. */
  commentsClosed: (item: Item) => string | undefined;
  /** The item's card and what goes with it on its page. */
  children: (item: Item) => ReactNode;
}

interface MergedFrom {
  readonly id: string;
  readonly title: string;
}

/**
 * One feature request, tracker request or project suggestion: its card, then its discussion, then
 * the read-only discussions of the items merged into it.
 */
export function VotableDetail<Item extends { merged_from?: readonly MergedFrom[] | undefined }>({
  noun,
  back,
  subjectType,
  id,
  query,
  waiting = false,
  title,
  commentsClosed,
  children,
}: VotableDetailProps<Item>) {
  const data = query.data;
  return (
    <SubjectPage
      noun={noun}
      back={back}
      subject={{ type: subjectType, id }}
      state={
        waiting || query.isPending
          ? { kind: 'loading' }
          : query.isError
            ? { kind: 'error', error: query.error, retry: () => void query.refetch() }
            : { kind: 'ready', title: title(query.data) }
      }
      commentsClosed={data ? commentsClosed(data) : undefined}
      afterComments={(data?.merged_from ?? []).map((from) => (
        <CommentsSection
          key={from.id}
          subject={{ type: subjectType, id: from.id }}
          title={`Comments merged from “${from.title}”`}
          closed={`Read-only: these comments were made on “${from.title}” before it was merged here.`}
        />
      ))}
    >
      {data ? children(data) : null}
    </SubjectPage>
  );
}
