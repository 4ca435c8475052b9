import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Project } from '../../contract/projects.js';
import { PROJECT_STATUSES } from '../../contract/enums.js';

const euros = (n: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(n).replace(/\u202f|\u00a0/g, ' ')} EUR`;

/** The eligibility certificate: a one-page A4 PDF that any PDF reader opens. */
export async function certificatePdf(project: Project, organizationName: string, today: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificat d'éligibilité ${project.profile.firstName} ${project.profile.lastName}`);
  pdf.setAuthor('Rental guarantee sandbox');
  pdf.setCreationDate(new Date(`${today}T12:00:00Z`));
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, size = 12, font = regular) => {
    page.drawText(text, { x: 56, y, size, font, color: rgb(0.1, 0.1, 0.15) });
    y -= size + 10;
  };
  line("Certificat d'éligibilité à la garantie locative", 20, bold);
  line('Eligibility certificate - rental guarantee', 12);
  y -= 20;
  line(`Locataire / Tenant : ${project.profile.firstName} ${project.profile.lastName}`, 13, bold);
  line(`Né(e) le / Born on : ${project.profile.dateOfBirth}`);
  line(`Loyer maximum garanti / Maximum guaranteed rent : ${euros(project.score)} par mois`, 13, bold);
  line(`Statut du dossier / File status : ${PROJECT_STATUSES.find((s) => s.code === project.status)?.fr ?? project.status}`);
  line(`Référence du projet / Project reference : ${project.id}`, 10);
  line(`Organisation partenaire / Partner : ${organizationName}`);
  line(`Délivré le / Issued on : ${today}`);
  y -= 20;
  line('Ce certificat atteste que le locataire est éligible à la garantie pour un loyer', 10);
  line('(charges comprises) ne dépassant pas le montant ci-dessus, sous réserve de validation du bail.', 10);
  line('Document généré par le bac à sable (sandbox) : sans valeur contractuelle.', 9);
  return pdf.save();
}
