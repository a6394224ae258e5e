// @ts-check
// The play page's permanent link copies itself when pressed, and says so: "Link
// copied", or the link itself to copy by hand where the clipboard is not allowed.
/**
 * @param {HTMLAnchorElement} link
 * @param {HTMLElement} status
 * @param {Page.Word} word
 */
export function copyLink(link, status, word) {
  link.addEventListener("click", function (event) {
    event.preventDefault();
    const address = new URL(link.getAttribute("href") || "", location.href).href;
    /** @param {boolean} ok */
    function said(ok) { status.textContent = word(ok ? "play.copied" : "play.copy_by_hand", { link: address }); }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(address).then(function () { said(true); }, function () { said(false); });
    } else said(false);
  });
}
