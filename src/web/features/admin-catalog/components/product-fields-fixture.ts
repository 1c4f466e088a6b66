import { screen } from '@testing-library/react';

/** For the tests of the product forms: the inputs of `ProductFields`, found by their labels. */
export function productFieldInputs() {
  return {
    name: screen.getByLabelText('Product Name'),
    price: screen.getByLabelText('Price'),
    description: screen.getByLabelText('Description'),
    image: screen.getByLabelText<HTMLInputElement>('Image'),
    minQuantity: screen.getByLabelText('Minimum Order Quantity'),
    availableQuantity: screen.getByLabelText('Available Quantity'),
  };
}
