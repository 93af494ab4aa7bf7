import type { ReactNode } from 'react';
import './badge.css';

/** The fixed badge palette (each status and stage has its own style, unknown → 'other'). */
export type BadgeTone =
  | 'success'
  | 'warning'
  | 'danger'
  | 'static'
  | 'react'
  | 'backend'
  | 'auth'
  | 'build'
  | 'outline'
  | 'other';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
