import { Fragment } from 'react';

/**
 * An e-mail address that may wrap on a narrow screen only before "@" and
 * before a dot, never in the middle of a word.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </>
  );
}
