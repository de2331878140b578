import { describe, expect, it } from 'vitest';
import { barcodeFromRead, barcodeFromTyped, hasValidCheckDigit } from '@/features/barcodes/utils/gtin';

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

describe('a barcode typed by hand', () => {
  it('takes EAN-13, UPC-A, EAN-8 and UPC-E digits, spaced or dashed as printed, as the camera would read them', () => {
    expect(barcodeFromTyped('4006381333931')).toEqual({ barcode: barcodeFromRead('EAN13', '4006381333931') });
    expect(barcodeFromTyped(' 0 70097 02508 8 ')).toEqual({ barcode: barcodeFromRead('UPCA', '070097025088') });
    expect(barcodeFromTyped('9-780393-058673')).toMatchObject({ barcode: { data: '9780393058673', type: 'EAN13' } });
    expect(barcodeFromTyped('12345670')).toMatchObject({ barcode: { data: '12345670', type: 'EAN8' } });
    expect(barcodeFromTyped('01234505')).toMatchObject({ barcode: { data: '0012000003455', type: 'UPCE' } });
    // Valid as EAN-8 too, but beginning with 0: the UPC-E a scan of it reads.
    expect(barcodeFromTyped('04124498')).toEqual({ barcode: barcodeFromRead('UPCE', '04124498') });
    expect(barcodeFromTyped('04124498')).toMatchObject({ barcode: { data: '0041244000098', formatted_data: '0 412449 8' } });
    // A GTIN-14 with a leading 0 is the EAN-13 it wraps.
    expect(barcodeFromTyped('04006381333931')).toMatchObject({ barcode: { data: '4006381333931' } });
  });

  it('says why digits are no barcode: letters, a wrong length, a wrong check digit', () => {
    expect(barcodeFromTyped('40063813339x1')).toEqual({ problem: 'notDigits' });
    expect(barcodeFromTyped('')).toEqual({ problem: 'notDigits' });
    expect(barcodeFromTyped('400638133393')).toEqual({ problem: 'checkDigit' });
    expect(barcodeFromTyped('40063813339')).toEqual({ problem: 'length' });
    expect(barcodeFromTyped('4006381333932')).toEqual({ problem: 'checkDigit' });
    expect(barcodeFromTyped('12345678')).toEqual({ problem: 'checkDigit' });
  });

  it('checks the last digit with weights 3 and 1 from the right', () => {
    expect(hasValidCheckDigit('0070097025088')).toBe(true);
    expect(hasValidCheckDigit('0070097025087')).toBe(false);
  });
});
