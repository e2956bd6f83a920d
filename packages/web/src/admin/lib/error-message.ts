/** The text to show for a failed action: the server's message (already in the admin's language). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
