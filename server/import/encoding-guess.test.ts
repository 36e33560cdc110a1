import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import type { ImportEncoding } from "../../shared/import-encodings.js";
import { withoutControlCharacters } from "../cards/control-characters.js";
import { decodeText, detectEncoding } from "./decode.js";
import { codePageOfLanguages } from "./encoding-guess.js";

/** A spreadsheet of contacts as Excel or Outlook writes it, in `encoding`. */
function sheet(names: string[], encoding: ImportEncoding) {
  const lines = ["First Name,Last Name,E-mail Address,Mobile Phone,Business City,Notes"];
  names.forEach((name, i) => {
    const [first, ...last] = name.split(" ");
    lines.push(`${first},${last.join(" ")},user${i}@example.com,+1 555 010 ${String(i).padStart(4, "0")},Springfield,`);
  });
  const text = `${lines.join("\r\n")}\r\n`;
  return { text, bytes: new Uint8Array(iconv.encode(text, encoding)) };
}

// Names of each language, in the code page Windows saves that language's spreadsheets in.
const LANGUAGES: [language: string, encoding: ImportEncoding, names: string[]][] = [
  ["fr", "windows-1252", ["François Lefèvre", "Hélène Dubœuf", "Zoë Côté"]],
  ["es", "windows-1252", ["José Muñoz", "Iñigo Ibáñez", "Begoña Núñez"]],
  ["de", "windows-1252", ["Jürgen Müller", "Grete Weiß", "Günter Köhler"]],
  ["da", "windows-1252", ["Søren Kierkegård", "Åsa Lindqvist", "Håkon Sørensen"]],
  ["en", "windows-1252", ["Sean O’Brien", "Mary “Molly” Smith", "Renée – Acme"]],
  ["pl", "windows-1250", ["Łukasz Żółć", "Małgorzata Wiśniewska", "Agnieszka Dąbrowska"]],
  ["cs", "windows-1250", ["Jiří Dvořák", "Růžena Nováková", "Přemysl Čech"]],
  ["hu", "windows-1250", ["Gergő Szőke", "Ildikó Kovács", "Ödön Győri"]],
  ["hr", "windows-1250", ["Đurđica Šimić", "Željko Čačić", "Ivan Horvat"]],
  ["ru", "windows-1251", ["Иван Петров", "Анна Смирнова", "Юрий Гагарин"]],
  ["uk", "windows-1251", ["Олена Шевченко", "Тарас Ґудзь"]],
  ["el", "windows-1253", ["Γιώργος Παπαδόπουλος", "Μαρία Νικολάου"]],
  ["tr", "windows-1254", ["Şükrü Öztürk", "Ayşe Yılmaz", "İsmail Çelik"]],
  ["he", "windows-1255", ["דוד כהן", "שרה לוי"]],
  ["ar", "windows-1256", ["محمد العلي", "فاطمة حسن"]],
  ["lt", "windows-1257", ["Žygimantas Šimkus", "Ūla Kazlauskaitė"]],
  ["ja", "shift_jis", ["山田 太郎", "鈴木 花子", "佐藤 健"]],
  ["ko", "euc-kr", ["김 민준", "이 서연", "박 지훈"]],
  ["zh-CN", "gb18030", ["王 伟", "李 娜", "张 敏"]],
  ["zh-TW", "big5", ["陳 怡君", "林 志明"]],
];

// Latin-letter code pages whose misreadings are real letters too ('Dvořák' read as Windows-1252 is
// 'Dvoøák'): only the uploader's language tells them apart, or the person in the preview.
const LATIN_LOOKALIKES = new Set(["cs", "hu", "hr", "tr", "lt"]);

describe("reading files that are not UTF-8", () => {
  it.each(LANGUAGES)("reads %s names in %s when the uploader's browser speaks that language", (language, encoding, names) => {
    for (const rows of [1, names.length]) {
      const { text, bytes } = sheet(names.slice(0, rows), encoding);
      const detected = detectEncoding(bytes, codePageOfLanguages(`${language},en;q=0.8`));
      expect({ rows, detected }).toEqual({ rows, detected: encoding });
      expect(decodeText(bytes, detected)).toBe(text);
    }
  });

  it.each(LANGUAGES.filter(([language]) => !LATIN_LOOKALIKES.has(language)))(
    "reads %s names in %s for an uploader whose browser speaks English",
    (_language, encoding, names) => {
      const { text, bytes } = sheet(names, encoding);
      expect(decodeText(bytes, detectEncoding(bytes, codePageOfLanguages("en-US,en;q=0.9")))).toBe(text);
    },
  );

  it("reads Czech names as Windows-1252 for an English speaker, as the preview then shows (and lets them change)", () => {
    const { bytes } = sheet(["Jiří Dvořák"], "windows-1250");
    expect(detectEncoding(bytes)).toBe("windows-1252");
    expect(decodeText(bytes, "windows-1252")).toContain("Jiøí,Dvoøák");
  });

  it("reads a long file of CR line ends (one line to a reader of LF) from a sample of it", () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `Łukasz Żółć${i}`);
    const { text } = sheet(names, "windows-1250");
    const bytes = new Uint8Array(iconv.encode(text.replace(/\r\n/g, "\r"), "windows-1250"));
    expect(detectEncoding(bytes)).toBe("windows-1250");
  });

  it("keeps Windows-1252's curly quotes, dashes, euro sign and ligatures (bytes 0x80-0x9F)", () => {
    const text = "name,notes\r\nSean O’Brien,“Owes €5” – Œuvre, Šaric, Ÿves\r\n";
    const bytes = new Uint8Array(iconv.encode(text, "windows-1252"));
    expect(detectEncoding(bytes)).toBe("windows-1252");
    expect(decodeText(bytes, "windows-1252")).toBe(text);
  });

  it("reads a UTF-8 file with a stray byte as UTF-8, not every accent as two Windows-1252 letters", () => {
    const text = "name,city\nZoë Côté,Montréal\nRenée Brûlé,Québec\nHélène Gaël,Sûreté\n";
    const bytes = new Uint8Array([...Buffer.from(text, "utf8"), ...Buffer.from("Ann,Bonn"), 0xe9, 0x0a]);
    expect(detectEncoding(bytes)).toBe("utf-8");
  });

  it("drops the C1 control characters a Latin-1 reading of such a file would have shown", () => {
    expect(withoutControlCharacters("O\u0092Brien\u0085")).toBe("OBrien");
  });
});

describe("the code page of the uploader's language", () => {
  it.each([
    ["pl-PL,pl;q=0.9,en;q=0.8", "windows-1250"],
    ["cs", "windows-1250"],
    ["ru-RU", "windows-1251"],
    ["sr-Latn-RS", "windows-1250"],
    ["sr", "windows-1251"],
    ["zh-CN,zh;q=0.9", "gb18030"],
    ["zh-TW", "big5"],
    ["zh-Hant-HK", "big5"],
    ["ja-JP", "shift_jis"],
    ["en-US,pl;q=0.5", undefined],
    ["de-DE", undefined],
    ["*", undefined],
    ["", undefined],
  ])("%s -> %s", (header, page) => {
    expect(codePageOfLanguages(header)).toBe(page);
  });
});
