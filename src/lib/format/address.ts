/** Header and list form: first 5 and last 5 characters ("0x1a2....9f8e7"). */
export function shortAddress(address: string | null | undefined): string {
  if (!address) return '';
  if (address.length <= 10) return address;
  return `${address.slice(0, 5)}....${address.slice(-5)}`;
}

/** Profile form: first 5 characters, three dots, then characters 37 to 42 (deployed-system.md §P9). */
export function profileAddress(address: string | null | undefined): string {
  if (!address) return '';
  if (address.length < 42) return address;
  return `${address.slice(0, 5)}...${address.slice(36, 42)}`;
}

export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a) && Boolean(b) && a!.toLowerCase() === b!.toLowerCase();
}
