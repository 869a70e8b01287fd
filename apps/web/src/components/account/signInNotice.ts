/**
 * A confirmation the sign-in page shows after a public flow ends (account created, password
 * reset), passed as router state: `navigate('/login', { state: signInNotice(text) })`. The text
 * arrives translated, so /login carries none of those pages' texts; LoginPage reads `state.notice`
 * itself (importing this module would cost /login a chunk of its own).
 */
export const signInNotice = (notice: string) => ({ notice });
