// The photo the food search's "Photo recognition" had the person choose, on its way to
// the dashboard, which analyses it. Kept in memory, not in the history entry (a browser
// may refuse a file there): a reload or a later visit finds nothing to send again.

let handed: File | null = null;

export function handOverPhoto(photo: File): void {
  handed = photo;
}

/** The photo handed over, if any; it stays until `forgetHandedPhoto`. */
export function handedPhoto(): File | null {
  return handed;
}

export function forgetHandedPhoto(): void {
  handed = null;
}
