import type { Project } from '../../contract/projects.js';
import { PROJECT_STATUSES } from '../../contract/enums.js';
import { PdfWriter } from '../../platform/pdf.js';

const A4: [number, number] = [595.28, 841.89];
const euros = (n: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(n)} EUR`;

/**
 * The eligibility certificate: a one-page A4 PDF that any PDF reader opens. Names print in any
 * script a partner accepts (platform/pdf.ts); `onMissing` hears of characters no font has.
 */
export async function certificatePdf(
  project: Project,
  organizationName: string,
  today: string,
  onMissing?: (codes: string[]) => void,
): Promise<Uint8Array> {
  const tenant = `${project.profile.firstName} ${project.profile.lastName}`;
  const pdf = new PdfWriter(
    {
      title: `Certificat d'éligibilité ${tenant}`,
      author: 'Rental guarantee sandbox',
      lang: 'fr-FR',
      createdAt: new Date(`${today}T12:00:00Z`),
    },
    onMissing,
  );
  pdf.addPage(A4);
  let y = 780;
  const line = (text: string, size = 12, weight: 'regular' | 'bold' = 'regular') => {
    pdf.text(text, 56, y, { size, weight });
    y -= size + 10;
  };
  line("Certificat d'éligibilité à la garantie locative", 20, 'bold');
  line('Eligibility certificate - rental guarantee', 12);
  y -= 20;
  line(`Locataire / Tenant : ${tenant}`, 13, 'bold');
  line(`Né(e) le / Born on : ${project.profile.dateOfBirth}`);
  line(`Loyer maximum garanti / Maximum guaranteed rent : ${euros(project.score)} par mois`, 13, 'bold');
  line(`Statut du dossier / File status : ${PROJECT_STATUSES.find((s) => s.code === project.status)?.fr ?? project.status}`);
  line(`Référence du projet / Project reference : ${project.id}`, 10);
  line(`Organisation partenaire / Partner : ${organizationName}`);
  line(`Délivré le / Issued on : ${today}`);
  y -= 20;
  line('Ce certificat atteste que le locataire est éligible à la garantie pour un loyer', 10);
  line('(charges comprises) ne dépassant pas le montant ci-dessus, sous réserve de validation du bail.', 10);
  line('Document généré par le bac à sable (sandbox) : sans valeur contractuelle.', 9);
  return pdf.finish();
}
