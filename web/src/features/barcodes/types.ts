import type { ReactNode } from 'react';
import type { components } from '@/types/api.gen';
import type { SavedFood } from '@/types/food';

/**
 * A barcode read from an image (SPEC 3 "Barcode detection"). `data` is the canonical
 * GTIN: 13 digits (UPC-A with a leading 0, UPC-E expanded) or 8 for EAN-8; for other
 * formats the text as read.
 */
export type Barcode = components['schemas']['ScannedBarcode'];

/**
 * A food found or created for a barcode; `is_existing` when it was already stored. Its
 * food is always a stored one, which the document cannot say: every food view's id may
 * be null there (a USDA search hit has none). The app does not read `source`, and a food
 * made for a barcode here has none.
 */
export type BarcodeFood = Omit<components['schemas']['BarcodeFoodView'], 'food' | 'source'> & { food: SavedFood };

/** A food barcode no food could be found for, with the server's reason. */
export type MissingFood = components['schemas']['MissingView'];

/** What one scan shows: the barcodes read and the foods behind them (one the app may make itself). */
export type BarcodeScan = Pick<components['schemas']['BarcodeFoodsView'], 'barcodes' | 'food_barcodes_only' | 'missing'> & {
  foods: BarcodeFood[];
};

/**
 * The form for a food of a barcode no database knows, which the page provides (the
 * custom food dialog of the food search): it saves the food with the barcode, then hands
 * it to `onSaved`.
 */
export type CreateBarcodeFood = (props: {
  barcode: string;
  onSaved: (food: SavedFood) => void;
  onClose: () => void;
}) => ReactNode;
