import { type User, userSchema } from '@tradewind/contract';

export { userSchema };

/** Loaded after the first paint by the session store: the stored profile, if it is still a valid user. */
export function checkStoredUser(value: unknown): User | null {
  const parsed = userSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
