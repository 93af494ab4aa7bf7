/**
 * The header's account area (spec 2, Header and account widget): issue #3 fills it with the
 * login and sign-up buttons, the egg balance, the daily claim and the greeting. Until sign-in
 * exists it renders nothing rather than buttons that cannot work.
 */
export function AccountWidget() {
  return null;
}
