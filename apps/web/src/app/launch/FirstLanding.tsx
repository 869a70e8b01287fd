import { redirect } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { refreshToken } from '../auth/tokens.ts';
import { firstLandingPath } from './landing.ts';

/**
 * The index route: where a sign-in without a deep link, or a visit to '/', lands. Without a
 * refresh token the shell's own loader is already starting the sign-in, so this one waits.
 */
export async function loader(): Promise<Response | null> {
  if (!refreshToken()) return null;
  return redirect(await firstLandingPath());
}

export const Component = PageSpinner;
