import { useId, useState } from 'react';

/**
 * A button that folds a panel away and back (the disclosure pattern): whether the panel
 * shows, its id, and the button's attributes that tie the two and toggle it.
 */
export function useDisclosure(initiallyOpen = false) {
  const panelId = useId();
  const [open, setOpen] = useState(initiallyOpen);
  return {
    open,
    panelId,
    toggleProps: { 'aria-expanded': open, 'aria-controls': panelId, onClick: () => setOpen((shown) => !shown) },
  };
}
