import * as z from '../zod';
import { UserSchema } from './users';

/** One page of users (admins). Apart from users.ts, which every page loads. */
export const UserListSchema = z.object({ users: z.array(UserSchema) });
export type UserList = z.infer<typeof UserListSchema>;
