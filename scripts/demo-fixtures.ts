/**
 * What the end-to-end tests and the web bench send to bring a sandbox project to an active
 * contract: one landlord, one address, a rent of 800 €, from `startLease` (yyyy-MM-dd).
 */
export function demoRentBody(startLease: string) {
  const address = { country: 'France', address: '3 rue Verte', zipCode: '31000', city: 'Toulouse' };
  return {
    owner: {
      firstName: 'Paul',
      lastName: 'Proprio',
      email: 'paul@exemple.fr',
      phone: { phoneContryCode: 'FR', phoneFormated: '+33142000000' },
    },
    ownerType: 0,
    ownerAddress: address,
    addressInformation: address,
    rentAmount: 800,
    rentAlone: 0,
    securityDeposit: 1600,
    startLease,
    bailType: 0,
  };
}
