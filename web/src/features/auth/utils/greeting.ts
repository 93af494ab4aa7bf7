import type { User } from '@hatchworks/shared/schemas/users';

/** The name the header greets with: the display name, else the username. */
export function greetingName(user: Pick<User, 'display_name' | 'username'>): string {
  return user.display_name.trim() || user.username;
}
