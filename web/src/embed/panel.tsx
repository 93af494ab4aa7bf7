import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { WIDGET_EVENTS, type WidgetEvent } from '@hatchworks/shared/embed';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { EggIcon } from '../components/ui/icons';
import { LoadingState } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { VoteButtons } from '../features/tracker/components/vote-buttons';
import { greetingName } from '../features/auth/utils/greeting';
import { formErrorMessage } from '../lib/api-error';
import { formatCount } from '../lib/format';
import type { HostedLogin } from '../lib/hosted-login';
import { PANEL_MESSAGES, approvedFeatures, findProject, openTrackerRequests } from './embed-api';
import { EggVote } from './egg-vote';
import { PANEL_TEXT } from './panel-text';
import { SubmitForm } from './submit-form';
import { usePanelSession, type PanelSession } from './use-panel-session';

/** Whether the panel is inside the widget's frame (it can also be opened on its own). */
const framed = window.parent !== window;

/**
 * Tells the page that framed the panel something (`ready`, `close`). Any origin listed for the
 * project may frame it, and the messages carry nothing but their type.
 */
function tellPage(type: WidgetEvent) {
  if (framed) window.parent.postMessage({ type }, '*');
}

const siteLink = (path: string) => new URL(path, window.location.origin).href;

/**
 * The origin of the page that framed the panel (Firefox has no `ancestorOrigins`: the referrer,
 * which the default referrer policy keeps to at least the origin, stands in).
 */
function parentOrigin(): string {
  if (!framed) return window.location.origin;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return new URL(document.referrer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Anonymous tracker votes ride on the tracker's cookie, which browsers do not send from a frame
 * on another site (`SameSite=Lax`): there a visitor signs in to vote.
 */
const anonymousVotesWork = parentOrigin() === window.location.origin;

interface PanelProps {
  /** The project key of the path (`/embed/<key>`); undefined when the path names none. */
  readonly projectKey: string | undefined;
  readonly login: HostedLogin | null;
}

/**
 * The feedback widget's panel for one project: its open tracker requests with their votes, its
 * approved feature requests with egg votes for the signed-in, and 'Submit a request'. Esc and the
 * Close button ask the page to close the frame; the page's `opened` moves focus to the heading.
 */
export function Panel({ projectKey, login }: PanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { session, signIn, signingIn, problem, setBalance, canSignIn } = usePanelSession(login);
  const [view, setView] = useState<'lists' | 'submit'>('lists');
  const showToast = useToast();
  const queryClient = useQueryClient();

  const project = useQuery({
    queryKey: ['embed', 'project', projectKey],
    queryFn: ({ signal }) => (projectKey ? findProject(projectKey, signal) : null),
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      if ((event.data as { type?: unknown } | null)?.type === WIDGET_EVENTS.opened) {
        heading.current?.focus();
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) tellPage(WIDGET_EVENTS.close);
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    tellPage(WIDGET_EVENTS.ready);
    return () => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  // The lists carry the viewer's own votes and eggs, so they are read once the viewer is known,
  // under the viewer's key: a sign-in reads them again.
  const viewer = session.status === 'signed_in' ? session.user.id : null;

  const backToLists = useCallback(() => {
    setView('lists');
    heading.current?.focus();
  }, []);

  return (
    <div className="panel">
      <header className="panel__header">
        <div className="panel__titles">
          <h1 className="panel__heading" ref={heading} tabIndex={-1}>
            {PANEL_TEXT.heading}
          </h1>
          {project.data ? <p className="panel__project">{project.data.title}</p> : null}
        </div>
        {framed ? (
          <button
            type="button"
            className="panel__close"
            aria-label={PANEL_TEXT.close}
            onClick={() => tellPage(WIDGET_EVENTS.close)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        ) : null}
      </header>
      <AccountStrip
        session={session}
        canSignIn={canSignIn}
        signingIn={signingIn}
        problem={problem}
        onSignIn={() => void signIn()}
      />
      <main className="panel__body">
        {project.isPending || session.status === 'loading' ? (
          <LoadingState label={PANEL_TEXT.loading} />
        ) : project.isError ? (
          <PanelError
            message={formErrorMessage(project.error, PANEL_MESSAGES.projectMissing)}
            onRetry={() => void project.refetch()}
          />
        ) : !project.data ? (
          <div className="panel__missing">
            <p>{PANEL_MESSAGES.projectMissing}</p>
            <a href={siteLink('/')} target="_blank" rel="noopener">
              Visit Hatchworks
            </a>
          </div>
        ) : view === 'submit' ? (
          <SubmitForm
            projectId={project.data.id}
            signedIn={session.status === 'signed_in'}
            onCancel={backToLists}
            onCreated={() => {
              showToast({ message: PANEL_TEXT.submitted });
              void queryClient.invalidateQueries({ queryKey: ['embed', 'lists'] });
              backToLists();
            }}
          />
        ) : (
          <>
            <TrackerSection
              projectId={project.data.id}
              viewer={viewer}
              canVote={session.status === 'signed_in' || anonymousVotesWork}
              onSignIn={canSignIn ? () => void signIn() : undefined}
            />
            <FeatureSection
              projectId={project.data.id}
              viewer={viewer}
              session={session}
              onVoted={(title, eggs, balance) => {
                setBalance(balance);
                showToast({ message: `You put ${formatCount(eggs)} eggs on “${title}”.` });
                void queryClient.invalidateQueries({ queryKey: ['embed', 'lists'] });
              }}
              onSignIn={canSignIn ? () => void signIn() : undefined}
            />
          </>
        )}
      </main>
      <footer className="panel__footer">
        {project.data && view === 'lists' ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setView('submit')}
          >
            {PANEL_TEXT.submit}
          </button>
        ) : null}
        <a className="panel__site-link" href={siteLink('/tracker')} target="_blank" rel="noopener">
          {PANEL_TEXT.openSite}
        </a>
      </footer>
    </div>
  );
}

interface AccountStripProps {
  readonly session: PanelSession;
  readonly canSignIn: boolean;
  readonly signingIn: boolean;
  readonly problem: string | null;
  readonly onSignIn: () => void;
}

/** Who is signed in and their eggs, or the way to sign in (the login opens in a popup). */
function AccountStrip({ session, canSignIn, signingIn, problem, onSignIn }: AccountStripProps) {
  if (session.status === 'loading') return <div className="panel-account" aria-hidden="true" />;
  if (session.status === 'signed_in') {
    return (
      <div className="panel-account">
        <span className="panel-account__name">Signed in as {greetingName(session.user)}</span>
        <span className="panel-account__eggs">
          <EggIcon /> {formatCount(session.user.egg_balance)} eggs
        </span>
      </div>
    );
  }
  if (!canSignIn) return null;
  return (
    <div className="panel-account">
      <span className="panel-account__hint">{PANEL_TEXT.signInHint}</span>
      <button
        type="button"
        className="button button--sm button--secondary"
        onClick={onSignIn}
        aria-disabled={signingIn || undefined}
      >
        {signingIn ? 'Signing in...' : PANEL_TEXT.signIn}
      </button>
      {problem ? (
        <p className="panel-account__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function PanelError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="panel__error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--sm button--secondary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

interface PanelSectionProps<T> {
  readonly id: string;
  readonly title: string;
  readonly hint?: string;
  readonly list: UseQueryResult<readonly T[]>;
  readonly loadingLabel: string;
  /** Shown when the list failed and the server gave no message. */
  readonly fallbackMessage: string;
  readonly emptyText: string;
  /** One list item (`<li>`) of the answer. */
  readonly children: (item: T) => ReactNode;
}

/** One of the panel's lists under its heading: loading, its failure with Try Again, empty, or the items. */
function PanelSection<T>({
  id,
  title,
  hint,
  list,
  loadingLabel,
  fallbackMessage,
  emptyText,
  children,
}: PanelSectionProps<T>) {
  return (
    <section className="panel-section" aria-labelledby={id}>
      <h2 id={id} className="panel-section__title">
        {title}
      </h2>
      {hint ? <p className="panel-section__hint">{hint}</p> : null}
      {list.isPending ? (
        <LoadingState label={loadingLabel} />
      ) : list.isError ? (
        <PanelError
          message={formErrorMessage(list.error, fallbackMessage)}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <p className="panel-section__empty">{emptyText}</p>
      ) : (
        <ul className="panel-list">{list.data.map(children)}</ul>
      )}
    </section>
  );
}

interface TrackerSectionProps {
  readonly projectId: string;
  /** The signed-in person's id, or null: part of the list's key. */
  readonly viewer: string | null;
  /** False for a signed-out visitor whose votes could not be told apart here. */
  readonly canVote: boolean;
  readonly onSignIn: (() => void) | undefined;
}

function TrackerSection({ projectId, viewer, canVote, onSignIn }: TrackerSectionProps) {
  const requests = useQuery({
    queryKey: ['embed', 'lists', 'tracker', projectId, viewer],
    queryFn: ({ signal }) => openTrackerRequests(projectId, signal),
  });
  return (
    <PanelSection
      id="panel-tracker-heading"
      title={PANEL_TEXT.trackerHeading}
      list={requests}
      loadingLabel="Loading feature requests..."
      fallbackMessage={FALLBACK_MESSAGES.fetchFeatureRequests}
      emptyText={PANEL_TEXT.trackerEmpty}
    >
      {(request) => (
        <TrackerRow key={request.id} request={request} canVote={canVote} onSignIn={onSignIn} />
      )}
    </PanelSection>
  );
}

interface TrackerRowProps extends Omit<TrackerSectionProps, 'projectId' | 'viewer'> {
  readonly request: TrackerFeatureRequest;
}

function TrackerRow({ request, canVote, onSignIn }: TrackerRowProps) {
  const votes = `${formatCount(request.votes)} ${Math.abs(request.votes) === 1 ? 'vote' : 'votes'}`;
  return (
    <li className="panel-item panel-item--tracker">
      {canVote ? (
        <VoteButtons
          targetType="feature_request"
          targetId={request.id}
          votes={request.votes}
          label={request.title}
          myVote={request.my_vote}
        />
      ) : (
        <div className="panel-item__tally" role="img" aria-label={votes}>
          {formatCount(request.votes)}
        </div>
      )}
      <div className="panel-item__text">
        <a
          className="panel-item__title"
          href={siteLink(`/tracker/requests/${encodeURIComponent(request.id)}`)}
          target="_blank"
          rel="noopener"
        >
          {request.title}
        </a>
        <p className="panel-item__meta">
          {request.category} · {request.priority} priority
        </p>
        {!canVote && onSignIn ? (
          <button type="button" className="panel-item__sign-in" onClick={onSignIn}>
            {PANEL_TEXT.signInToVoteHere}
          </button>
        ) : null}
      </div>
    </li>
  );
}

interface FeatureSectionProps {
  readonly projectId: string;
  readonly viewer: string | null;
  readonly session: PanelSession;
  readonly onVoted: (title: string, eggs: number, balance: number) => void;
  readonly onSignIn: (() => void) | undefined;
}

function FeatureSection({ projectId, viewer, session, onVoted, onSignIn }: FeatureSectionProps) {
  const features = useQuery({
    queryKey: ['embed', 'lists', 'features', projectId, viewer],
    queryFn: ({ signal }) => approvedFeatures(projectId, signal),
  });
  return (
    <PanelSection
      id="panel-features-heading"
      title={PANEL_TEXT.featuresHeading}
      hint={PANEL_TEXT.featuresHint}
      list={features}
      loadingLabel="Loading features..."
      fallbackMessage={PANEL_MESSAGES.featuresFailed}
      emptyText={PANEL_TEXT.featuresEmpty}
    >
      {(feature) => (
        <FeatureRow
          key={feature.id}
          feature={feature}
          session={session}
          onVoted={onVoted}
          onSignIn={onSignIn}
        />
      )}
    </PanelSection>
  );
}

interface FeatureRowProps {
  readonly feature: Feature;
  readonly session: PanelSession;
  readonly onVoted: FeatureSectionProps['onVoted'];
  readonly onSignIn: (() => void) | undefined;
}

function FeatureRow({ feature, session, onVoted, onSignIn }: FeatureRowProps) {
  return (
    <li className="panel-item panel-item--feature">
      <div className="panel-item__eggs" aria-label={`${formatCount(feature.total_eggs)} eggs`}>
        <EggIcon />
        <span aria-hidden="true">{formatCount(feature.total_eggs)}</span>
      </div>
      <div className="panel-item__text">
        <a
          className="panel-item__title"
          href={siteLink(`/features/${encodeURIComponent(feature.id)}`)}
          target="_blank"
          rel="noopener"
        >
          {feature.title}
        </a>
        <p className="panel-item__meta">
          {formatCount(feature.vote_count)} {feature.vote_count === 1 ? 'vote' : 'votes'}
          {feature.your_eggs ? ` · ${formatCount(feature.your_eggs)} of your eggs` : ''}
        </p>
        {session.status === 'signed_in' ? (
          <EggVote
            feature={feature}
            balance={session.user.egg_balance}
            onVoted={(result, eggs) => onVoted(feature.title, eggs, result.new_balance)}
          />
        ) : session.status === 'signed_out' && onSignIn ? (
          <button type="button" className="panel-item__sign-in" onClick={onSignIn}>
            {PANEL_TEXT.signInToVote}
          </button>
        ) : null}
      </div>
    </li>
  );
}
