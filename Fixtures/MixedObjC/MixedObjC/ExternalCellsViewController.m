#import <UIKit/UIKit.h>
#import <ExternalKit/ExternalKit.h>

// element-ios's idiom with a cell class from another module: its +defaultReuseIdentifier cannot be read, so the
// identifier is unknown and nothing is reported.
@interface ExternalCellsViewController : UITableViewController
@end

@implementation ExternalCellsViewController

- (void)viewDidLoad
{
    [super viewDidLoad];
    [self.tableView registerClass:EKBadgeCell.class forCellReuseIdentifier:EKBadgeCell.defaultReuseIdentifier];
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath
{
    EKBadgeCell *cell = [tableView dequeueReusableCellWithIdentifier:[EKBadgeCell defaultReuseIdentifier] forIndexPath:indexPath];
    return cell;
}

@end
