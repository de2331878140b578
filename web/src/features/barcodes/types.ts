import type { ReactNode } from 'react';
import type { SavedFood } from '@/types/food';

/**
 * A barcode read from an image (SPEC 3 "Barcode detection"). `data` is the canonical
 * GTIN: 13 digits (UPC-A with a leading 0, UPC-E expanded) or 8 for EAN-8; for other
 * formats the text as read.
 */
export type Barcode = {
  data: string;
  /** As printed under the bars, e.g. "0 70097 02508 8". */
  formatted_data: string;
  /** EAN13, EAN8, UPC, UPCE; other formats by name, e.g. QR_CODE. */
  type: string;
  text: string;
  is_food: boolean;
};

/** A food found or created for a barcode; `is_existing` when it was already stored. */
export type BarcodeFood = { barcode: string; food: SavedFood; is_existing: boolean };

/** A food barcode no food could be found for, with the server's reason. */
export type MissingFood = { barcode: string; code: string; message: string };

/** What one scan shows: the barcodes read and the foods behind them. */
export type BarcodeScan = {
  barcodes: Barcode[];
  food_barcodes_only: Barcode[];
  foods: BarcodeFood[];
  missing: MissingFood[];
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
