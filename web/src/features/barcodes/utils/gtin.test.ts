import { describe, expect, it } from 'vitest';
import { barcodeFromRead } from '@/features/barcodes/utils/gtin';

describe('a camera read as a barcode', () => {
  it('gives UPC-A a leading 0 and prints it in four groups', () => {
    expect(barcodeFromRead('UPCA', '070097025088')).toEqual({
      data: '0070097025088',
      formatted_data: '0 70097 02508 8',
      type: 'UPC',
      text: '070097025088',
      is_food: true,
    });
  });

  it('calls an EAN-13 with a leading 0 a UPC, as the server does', () => {
    expect(barcodeFromRead('EAN13', '0070097025088')).toEqual({
      data: '0070097025088',
      formatted_data: '0 70097 02508 8',
      type: 'UPC',
      text: '0070097025088',
      is_food: true,
    });
  });

  it('keeps EAN-13 and EAN-8 as read', () => {
    expect(barcodeFromRead('EAN13', '9780393058673')).toMatchObject({
      data: '9780393058673',
      formatted_data: '9 780393 058673',
      type: 'EAN13',
    });
    expect(barcodeFromRead('EAN8', '12345670')).toMatchObject({ data: '12345670', formatted_data: '1234 5670', type: 'EAN8' });
  });

  // UPC-E drops zeros by the last of its six digits; the GTIN puts them back.
  it.each([
    ['01234505', '0012000003455'],
    ['01234565', '0012345000065'],
    ['01234535', '0012300000455'],
    ['01234545', '0012340000055'],
    ['04252614', '0042100005264'],
  ])('expands UPC-E %s to %s', (text, gtin) => {
    const barcode = barcodeFromRead('UPCE', text);
    expect(barcode?.data).toBe(gtin);
    expect(barcode?.type).toBe('UPCE');
    expect(barcode?.formatted_data).toBe(`${text[0]} ${text.slice(1, 7)} ${text[7]}`);
  });

  it('refuses text that is not the format’s digits', () => {
    expect(barcodeFromRead('EAN13', '978039305867')).toBeNull();
    expect(barcodeFromRead('UPCA', 'ABC097025088')).toBeNull();
  });
});
