/**
 * The one client for the API under /api/v1. Sends the bearer token when there
 * is one, and turns every failure into an ApiError that carries the status
 * and the server's message, or marks it as a network failure.
 */
import { locale, t } from '../messages';
import { readToken } from './session-storage';

export const API_BASE = '/api/v1';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = undefined,
    /** True when the request never got an answer (offline, DNS, reset). */
    readonly isNetwork = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field errors as the API sent them ({field: message}). */
  get fields(): Record<string, string> {
    const f = (this.body as { fields?: Record<string, string> } | undefined)?.fields;
    return f ?? {};
  }
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Registers what happens when the API refuses the stored token (401 on a call
 * that sent it): the session signs the visitor out. Returns the unregister function.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** Send the stored token (default: whenever there is one). */
  auth?: boolean;
}

export function buildQuery(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** How requests reach the API: the browser's fetch, or, while the server renders a page, the server itself. */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server renderer answers the page's API calls in-process (they are always anonymous there). */
export function setApiTransport(next: Transport): void {
  transport = next;
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  // The API answers its messages in the page's language (the same error codes in both).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': locale() };
  const token = opts.auth === false ? null : readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await transport(`${API_BASE}${path}${buildQuery(opts.query)}`, {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(t.common.networkError, 0, undefined, true);
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (res.status === 401 && token) unauthorizedHandler?.();
  if (!res.ok) {
    const b = data as { message?: string; error?: string } | undefined;
    throw new ApiError(b?.message || b?.error || res.statusText || 'Request failed', res.status, data);
  }
  return data as T;
}
